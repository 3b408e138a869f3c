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
  const { preamble, body } = splitPreamble(sql);
  for (const setting of preamble) {
    try {
      await run(setting);
    } catch (error) {
      if (!isUnknownSetting(error)) throw error;
    }
  }
  await run('begin');
  try {
    await run(body);
    await check();
    await run('commit');
  } catch (error) {
    await run('rollback');
    throw error;
  }
}

const PREAMBLE_LINE = /^(SET [a-z_]+ = [^;\n]*;|SELECT pg_catalog\.set_config\([^;\n]*\);|--.*|)$/;

/** The dump's leading settings (comments and blank lines dropped), and the rest. */
export function splitPreamble(sql: string): { preamble: string[]; body: string } {
  const lines = sql.split('\n');
  let index = 0;
  while (index < lines.length && PREAMBLE_LINE.test(lines[index] ?? '')) index++;
  const preamble = lines.slice(0, index).filter((line) => line !== '' && !line.startsWith('--'));
  return { preamble, body: lines.slice(index).join('\n') };
}

/** PostgreSQL's "unrecognized configuration parameter" (SQLSTATE 42704). */
const isUnknownSetting = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '42704' &&
  /configuration parameter/.test(String((error as { message?: string }).message));
