/**
 * What a backup's contents must equal: each table of the `public` schema with its number of rows
 * and an md5 of its rows (each row's text, sorted), read in UTC so that times print alike on every
 * server. A restore is proven when the restored database gives the same.
 */
export type TableFingerprints = Record<string, { rows: number; md5: string }>;

/** The tables of the schema, by name. */
export const TABLES_SQL = `select tablename from pg_catalog.pg_tables where schemaname = 'public' order by tablename`;

/**
 * The columns a table's fingerprint reads: all but generated ones, which a restore computes anew
 * (a full-text index's words may differ between PostgreSQL versions).
 */
const columnsSql = (table: string) =>
  `select column_name from information_schema.columns where table_schema = 'public' and table_name = ${quoteLiteral(table)} and is_generated = 'NEVER' order by ordinal_position`;

/** The fingerprint of one table from its (quoted) columns. */
const fingerprintSql = (table: string, columns: string[]) => {
  const row = `row(${columns.map((column) => `t.${column}`).join(', ')})::text`;
  return `select count(*)::int as rows, coalesce(md5(string_agg(md5(${row}), '' order by md5(${row}))), '') as md5 from public.${quoteIdent(table)} t`;
};

/** Quotes a table name as PostgreSQL's quote_ident does for any name. */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Reads every table's fingerprint through `query` (any client of the database). */
export async function readFingerprints(query: Query): Promise<TableFingerprints> {
  await query(`set timezone = 'UTC'`);
  const fingerprints: TableFingerprints = {};
  for (const { tablename } of await query(TABLES_SQL)) {
    const table = String(tablename);
    const columns = (await query(columnsSql(table))).map((row) =>
      quoteIdent(String(row.column_name)),
    );
    const [row] = await query(fingerprintSql(table, columns));
    fingerprints[table] = { rows: Number(row?.rows), md5: String(row?.md5) };
  }
  return fingerprints;
}

/** A table whose rows differ between `a` and `b` (or that only one has); none when they agree. */
export function differingTable(a: TableFingerprints, b: TableFingerprints): string | undefined {
  return Object.keys({ ...a, ...b }).find(
    (table) => a[table]?.rows !== b[table]?.rows || a[table]?.md5 !== b[table]?.md5,
  );
}
