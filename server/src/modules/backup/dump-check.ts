import { createHash } from 'node:crypto';
import { loadModule, parseSync } from 'libpg-query';
import { RestoreRefusedError, type DumpStatement } from './restore-sql.js';

/*
 * What a backup's database.sql may hold: the statements that pg_dump writes for Kirana's schema
 * and nothing else, checked before a restore writes anything. pg_dump's settings, its INSERTs of
 * rows (literals only), its setval of a sequence, and schema statements (CREATE TABLE, INDEX,
 * SEQUENCE, ALTER TABLE … ADD CONSTRAINT, the one function and trigger…), each of which must be
 * one that a dump of the schema made by Kirana's migrations holds, as PostgreSQL's own parser
 * reads both (libpg-query). A planted CREATE FUNCTION, a trigger on users, DO, COPY … TO
 * PROGRAM, GRANT, ALTER SYSTEM or a psql command is refused, with its line.
 */

/** The settings pg_dump writes (older and newer ones), exactly; any other SET is refused. */
const SETTINGS = new Set([
  'SET statement_timeout = 0',
  'SET lock_timeout = 0',
  'SET idle_in_transaction_session_timeout = 0',
  'SET transaction_timeout = 0',
  "SET client_encoding = 'UTF8'",
  // Strings are read as libpg-query and the INSERT check below read them: a backslash is a letter.
  'SET standard_conforming_strings = on',
  "SELECT pg_catalog.set_config('search_path', '', false)",
  'SET check_function_bodies = false',
  'SET xmloption = content',
  'SET client_min_messages = warning',
  'SET row_security = off',
  "SET default_tablespace = ''",
  'SET default_table_access_method = heap',
  'SET default_with_oids = false',
]);

/** A name as pg_dump writes it: plain, or quoted. */
const NAME = String.raw`(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")`;
const SETVAL = new RegExp(
  String.raw`^SELECT pg_catalog\.setval\('public\.(${NAME})', \d+, (?:true|false)\)$`,
);
const INSERT = new RegExp(String.raw`^INSERT INTO public\.(${NAME}) VALUES\s*`, 'y');

/** The statements of a schema that a dump of Kirana's holds, by libpg-query's node names. */
const SCHEMA_NODES = new Set([
  'CreateStmt',
  'CreateSeqStmt',
  'AlterSeqStmt',
  'IndexStmt',
  'AlterTableStmt',
  'CreateExtensionStmt',
  'CommentStmt',
  'CreateFunctionStmt',
  'CreateTrigStmt',
]);

/** More schema statements or tables than this is no dump of Kirana's (it has a few hundred). */
const MAX_SCHEMA_STATEMENTS = 10_000;

/** What one statement of a dump is, once checked. */
export type CheckedStatement =
  | { kind: 'setting' }
  /** An INSERT of rows into `table`; its rows' values for the table of migrations. */
  | { kind: 'rows'; table: string; rows?: (string | null)[][] }
  | { kind: 'setval'; sequence: string }
  /** A schema statement: `shape` is its parse tree's digest, alike however it is spaced. */
  | { kind: 'schema'; shape: string };

/** The parser's WebAssembly, loaded once before the first check. */
export const loadSqlParser = () => loadModule();

/**
 * What `statement` is.
 * @throws RestoreRefusedError when it is no statement of a backup, naming its line.
 */
export function checkStatement(statement: DumpStatement): CheckedStatement {
  const { text } = statement;
  if (SETTINGS.has(text)) return { kind: 'setting' };
  if (text.startsWith('INSERT ')) return readInsert(statement);
  const setval = SETVAL.exec(text);
  if (setval) return { kind: 'setval', sequence: unquote(setval[1] ?? '') };
  let parsed: ReturnType<typeof parseSync>;
  try {
    parsed = parseSync(text);
  } catch {
    throw refused(statement, 'is no SQL that PostgreSQL reads');
  }
  const [first, ...more] = parsed.stmts ?? [];
  const node = Object.keys(first?.stmt ?? {})[0];
  if (node === undefined || more.length > 0 || !SCHEMA_NODES.has(node)) throw refused(statement);
  return {
    kind: 'schema',
    shape: createHash('sha256')
      .update(
        JSON.stringify(first?.stmt, (key, value: unknown) =>
          key === 'location' ? undefined : value,
        ),
      )
      .digest('hex'),
  };
}

/** What a dump holds, read before it is restored. */
export interface DumpContents {
  /** The migrations its database had run (its table mikro_orm_migrations). */
  migrations: string[];
  /** Its schema statements by shape: how often, and the first's line and text. */
  shapes: Map<string, { count: number; line: number; text: string }>;
  /** The tables it writes rows into and the sequences it sets, with the line of the first. */
  tables: Map<string, number>;
  sequences: Map<string, number>;
}

/**
 * Reads the whole dump once, checking every statement, without running any.
 * @throws RestoreRefusedError at the first statement that is no backup's.
 */
export async function inspectDump(statements: AsyncIterable<DumpStatement>): Promise<DumpContents> {
  await loadSqlParser();
  const contents: DumpContents = {
    migrations: [],
    shapes: new Map(),
    tables: new Map(),
    sequences: new Map(),
  };
  let schemaStatements = 0;
  for await (const statement of statements) {
    const checked = checkStatement(statement);
    if (checked.kind === 'rows') {
      if (!contents.tables.has(checked.table)) contents.tables.set(checked.table, statement.line);
      for (const row of checked.rows ?? []) contents.migrations.push(String(row[1]));
      if (contents.migrations.length > MAX_SCHEMA_STATEMENTS)
        throw refused(statement, 'records more migrations than Kirana has');
    } else if (checked.kind === 'setval') {
      if (!contents.sequences.has(checked.sequence))
        contents.sequences.set(checked.sequence, statement.line);
    } else if (checked.kind === 'schema') {
      if (++schemaStatements > MAX_SCHEMA_STATEMENTS)
        throw refused(statement, 'is one schema statement too many (a backup has a few hundred)');
      const seen = contents.shapes.get(checked.shape);
      if (seen) seen.count++;
      else
        contents.shapes.set(checked.shape, {
          count: 1,
          line: statement.line,
          text: describe(statement.text),
        });
    }
    if (contents.tables.size + contents.sequences.size > MAX_SCHEMA_STATEMENTS)
      throw refused(statement, 'names one table too many (a backup has a few dozen)');
  }
  return contents;
}

/** The schema that Kirana's migrations make, as a dump of it holds it (kirana-schema.ts). */
export interface ExpectedSchema {
  /** The newest migration in it. */
  migration: string;
  shapes: Map<string, { count: number; text: string }>;
  tables: Set<string>;
  sequences: Set<string>;
}

/**
 * @throws RestoreRefusedError unless the dump's schema statements are exactly `schema`'s (each
 *   as often), and it writes only into its tables and sequences.
 */
export function compareWithSchema(contents: DumpContents, schema: ExpectedSchema): void {
  const made = `Kirana's schema (as its migrations up to ${schema.migration} make it)`;
  for (const [shape, found] of contents.shapes) {
    const expected = schema.shapes.get(shape);
    if (!expected)
      throw new RestoreRefusedError(`line ${found.line}: ${found.text} is not in ${made}`);
    if (expected.count !== found.count)
      throw new RestoreRefusedError(
        `line ${found.line}: ${found.text} is there ${found.count} times, ${expected.count} in ${made}`,
      );
  }
  for (const [shape, expected] of schema.shapes)
    if (!contents.shapes.has(shape))
      throw new RestoreRefusedError(
        `the backup lacks ${expected.text} of ${made}: it is not a whole backup`,
      );
  for (const [table, line] of contents.tables)
    if (!schema.tables.has(table))
      throw new RestoreRefusedError(`line ${line}: rows for ${table}, a table not in ${made}`);
  for (const [sequence, line] of contents.sequences)
    if (!schema.sequences.has(sequence))
      throw new RestoreRefusedError(`line ${line}: sets ${sequence}, a sequence not in ${made}`);
}

/**
 * The statements, each checked again as it is played (the file is read anew) against `schema`,
 * after one that has the database read strings as they were checked: a server or role set to
 * `standard_conforming_strings = off` would read a backslash before a quote as an escape, and
 * find a function call where the check found only strings.
 * @throws RestoreRefusedError at one that is not `schema`'s.
 */
export async function* allowedStatements(
  statements: AsyncIterable<DumpStatement>,
  schema: ExpectedSchema,
): AsyncGenerator<DumpStatement> {
  await loadSqlParser();
  yield { text: 'SET standard_conforming_strings = on', line: 0 };
  for await (const statement of statements) {
    const checked = checkStatement(statement);
    if (
      (checked.kind === 'schema' && !schema.shapes.has(checked.shape)) ||
      (checked.kind === 'rows' && !schema.tables.has(checked.table)) ||
      (checked.kind === 'setval' && !schema.sequences.has(checked.sequence))
    )
      throw refused(statement, "is not in Kirana's schema");
    yield statement;
  }
}

/**
 * pg_dump's INSERT: `INSERT INTO public.t VALUES (…), (…)` of literals only (strings, numbers,
 * NULL, true, false, DEFAULT for a generated column), so that no row runs a function.
 */
function readInsert(statement: DumpStatement): CheckedStatement {
  const { text } = statement;
  INSERT.lastIndex = 0;
  const head = INSERT.exec(text);
  if (!head) throw refused(statement);
  const table = unquote(head[1] ?? '');
  const keep = table === 'mikro_orm_migrations';
  const rows: (string | null)[][] = [];
  let pos = INSERT.lastIndex;
  const skipSpace = () => {
    while (pos < text.length && ' \t\r\n'.includes(text.charAt(pos))) pos++;
  };
  for (;;) {
    if (text[pos] !== '(') throw refused(statement, 'holds something other than rows of values');
    pos++;
    const row: (string | null)[] = [];
    for (;;) {
      skipSpace();
      const value = readLiteral(text, pos);
      if (!value) throw refused(statement, 'holds something other than rows of values');
      if (keep) row.push(value.text);
      pos = value.end;
      skipSpace();
      if (text[pos] === ',') pos++;
      else if (text[pos] === ')') break;
      else throw refused(statement, 'holds something other than rows of values');
    }
    pos++;
    if (keep) rows.push(row);
    skipSpace();
    if (pos === text.length) return { kind: 'rows', table, rows: keep ? rows : undefined };
    if (text[pos] !== ',') throw refused(statement, 'holds something other than rows of values');
    pos++;
    skipSpace();
  }
}

const WORD = /NULL|true|false|DEFAULT|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The literal at `pos` (a string's text, or null for any other) and where it ends. */
function readLiteral(text: string, pos: number): { text: string | null; end: number } | undefined {
  if (text[pos] === "'") {
    let end = pos + 1;
    for (;;) {
      const quote = text.indexOf("'", end);
      if (quote === -1) return undefined;
      if (text[quote + 1] !== "'")
        return { text: text.slice(pos + 1, quote).replaceAll("''", "'"), end: quote + 1 };
      end = quote + 2;
    }
  }
  WORD.lastIndex = pos;
  const word = WORD.exec(text);
  return word ? { text: null, end: WORD.lastIndex } : undefined;
}

const unquote = (name: string) =>
  name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;

/** A statement's first line, shortened, to name it. */
export function describe(text: string): string {
  const [line = ''] = text.split('\n', 1);
  return line.length > 80 || line.length < text.length ? `${line.slice(0, 80)}…` : line;
}

function refused(statement: DumpStatement, why = 'is not a statement of a Kirana backup') {
  return new RestoreRefusedError(`line ${statement.line}: ${describe(statement.text)} ${why}`);
}
