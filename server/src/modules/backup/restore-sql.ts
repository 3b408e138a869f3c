import { postgreSplitterOptions, splitQuery } from 'dbgate-query-splitter';

/**
 * How much SQL goes to the database in one go: PostgreSQL parses all the statements of a query
 * before it runs the first, so a whole dump at once would hold a year of rows as parse trees.
 */
const BATCH_CHARS = 1_000_000;

/**
 * Plays a plain SQL dump (pg_dump's, with INSERT statements) into an empty database: its
 * preamble's settings one by one, skipping a setting the target does not have (a dump of a newer
 * PostgreSQL sets `transaction_timeout`, unknown before 17), then everything else in one
 * transaction, so that a dump that fails half-way (or fails `check`) leaves the database as
 * empty as it was.
 */
export async function restoreSql(
  sql: string,
  run: (statement: string) => Promise<unknown>,
  /** Runs in the transaction before it commits: what it throws undoes the restore. */
  check: () => Promise<void> = async () => {},
): Promise<void> {
  const { preamble, body } = splitDump(sql);
  for (const setting of preamble) {
    try {
      await run(setting);
    } catch (error) {
      if (!isUnknownSetting(error)) throw error;
    }
  }
  await run('begin');
  try {
    for (const batch of batches(body)) await run(batch);
    await check();
    await run('commit');
  } catch (error) {
    await run('rollback');
    throw error;
  }
}

const SETTING = /^(SET [a-z_]+ = [^;\n]*|SELECT pg_catalog\.set_config\([^;\n]*\))$/;

/**
 * The dump's statements (without their semicolons), its leading settings apart. What comes
 * before each statement's first line of SQL goes: pg_dump's comments, and the two psql commands
 * with which pg_dump since 15.14 (16.10, 17.6) guards its output (`\restrict KEY` after the
 * header, `\unrestrict KEY` at the end), which are not SQL. A row's text is never touched.
 */
export function splitDump(sql: string): { preamble: string[]; body: string[] } {
  const statements = splitQuery(sql, postgreSplitterOptions)
    .map((item) => withoutLeadingNotes(typeof item === 'string' ? item : item.text))
    .filter((statement) => statement !== '');
  const end = statements.findIndex((statement) => !SETTING.test(statement));
  const split = end === -1 ? statements.length : end;
  return { preamble: statements.slice(0, split), body: statements.slice(split) };
}

const NOTE = /^(--.*|\\(un)?restrict [A-Za-z0-9]+|\s*)$/;

function withoutLeadingNotes(statement: string): string {
  let start = 0;
  while (start < statement.length) {
    const newline = statement.indexOf('\n', start);
    const end = newline === -1 ? statement.length : newline;
    if (!NOTE.test(statement.slice(start, end))) break;
    start = end + 1;
  }
  return statement.slice(start).trim();
}

/** The statements joined into queries of about BATCH_CHARS each (a longer statement alone). */
function* batches(statements: readonly string[]): Generator<string> {
  let batch: string[] = [];
  let chars = 0;
  for (const statement of statements) {
    if (chars > 0 && chars + statement.length > BATCH_CHARS) {
      yield `${batch.join(';\n')};`;
      batch = [];
      chars = 0;
    }
    batch.push(statement);
    chars += statement.length;
  }
  if (batch.length > 0) yield `${batch.join(';\n')};`;
}

/** PostgreSQL's "unrecognized configuration parameter" (SQLSTATE 42704). */
const isUnknownSetting = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '42704' &&
  /configuration parameter/.test(String((error as { message?: string }).message));
