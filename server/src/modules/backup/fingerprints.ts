/**
 * What a backup's contents must equal: each table of the `public` schema with its number of rows
 * and an md5 of its rows (each row's text, sorted), read in UTC so that times print alike on every
 * server. A restore is proven when the restored database gives the same.
 */
export type TableFingerprints = Record<string, { rows: number; md5: string }>;

/** The tables of the schema, by name. */
export const TABLES_SQL = `select tablename from pg_catalog.pg_tables where schemaname = 'public' order by tablename`;

/** The fingerprint of one table, named by its (quoted) identifier. */
export const fingerprintSql = (quotedTable: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as md5 from public.${quotedTable} t`;

/** Quotes a table name as PostgreSQL's quote_ident does for any name. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Reads every table's fingerprint through `query` (any client of the database). */
export async function readFingerprints(query: Query): Promise<TableFingerprints> {
  await query(`set timezone = 'UTC'`);
  const fingerprints: TableFingerprints = {};
  for (const { tablename } of await query(TABLES_SQL)) {
    const [row] = await query(fingerprintSql(quoteIdent(String(tablename))));
    fingerprints[String(tablename)] = { rows: Number(row?.rows), md5: String(row?.md5) };
  }
  return fingerprints;
}
