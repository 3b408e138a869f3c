import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { checkStatement, describe, loadSqlParser, type ExpectedSchema } from './dump-check.js';
import { dumpStatements, RestoreRefusedError } from './restore-sql.js';

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** The schema a restore must find, and the outline of its objects in the database. */
export interface KiranaSchema extends ExpectedSchema {
  outline: string[];
}

/** Kirana's migrations, and the database they make (db/migrations-up-to.ts). */
export interface KiranaMigrations {
  /** Their names, oldest first. */
  names: readonly string[];
  /** Makes in `dataDir` (empty) the embedded database of the migrations up to `to`, included. */
  migrate(dataDir: string, to: string): Promise<void>;
}

/**
 * The schema that Kirana's migrations make when they are the ones a backup's database had run
 * (`applied`): made in a scratch embedded database, then read from it as pg_dump writes it and
 * as the catalogs outline it.
 * @throws RestoreRefusedError when `applied` are not Kirana's first migrations (a backup of a
 *   newer Kirana, or of no Kirana).
 */
export async function kiranaSchema(
  applied: readonly string[],
  migrations: KiranaMigrations,
): Promise<KiranaSchema> {
  const key = applied.join('\n');
  const made = schemas.get(migrations) ?? new Map<string, Promise<KiranaSchema>>();
  schemas.set(migrations, made);
  const schema = made.get(key) ?? makeSchema(applied, migrations);
  made.set(key, schema);
  // A refusal, or a failure, is not kept.
  return schema.catch((error: unknown) => {
    made.delete(key);
    throw error;
  });
}

/** The schemas made in this process: their migrations take seconds. */
const schemas = new WeakMap<KiranaMigrations, Map<string, Promise<KiranaSchema>>>();

async function makeSchema(
  applied: readonly string[],
  migrations: KiranaMigrations,
): Promise<KiranaSchema> {
  const known = migrations.names;
  if (applied.length === 0)
    throw new RestoreRefusedError(
      'the backup records no migrations of Kirana: it is no backup of a Kirana shop',
    );
  const unknown = applied.find((name) => !known.includes(name));
  if (unknown !== undefined)
    throw new RestoreRefusedError(
      `the backup’s database ran a migration this Kirana does not know (${unknown}): restore it with the Kirana that made it, or a newer one`,
    );
  const skipped = known.slice(0, applied.length).find((name) => !applied.includes(name));
  const newest = known[applied.length - 1];
  if (skipped !== undefined || newest === undefined || new Set(applied).size < applied.length)
    throw new RestoreRefusedError(
      `the backup’s database did not run Kirana’s migrations one by one${skipped ? ` (it lacks ${skipped})` : ''}: it is no backup of a Kirana shop`,
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'kirana-restore-schema-'));
  try {
    await migrations.migrate(dir, newest);
    const db = await PGlite.create(path.join(dir, 'pg'), { extensions: { pg_trgm } });
    try {
      const query: Query = async (sql) => (await db.query<Record<string, unknown>>(sql)).rows;
      const outline = await readOutline(query);
      const relations = await query(
        `select relname, relkind from pg_catalog.pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'S')`,
      );
      const dump = await pgDump({
        pg: db,
        args: ['--schema-only', '--no-owner', '--no-privileges'],
      });
      const schema: KiranaSchema = {
        migration: newest,
        shapes: new Map(),
        tables: new Set(
          relations.filter((row) => row.relkind === 'r').map((row) => String(row.relname)),
        ),
        sequences: new Set(
          relations.filter((row) => row.relkind === 'S').map((row) => String(row.relname)),
        ),
        outline,
      };
      await loadSqlParser();
      for await (const statement of dumpStatements([await dump.text()])) {
        const checked = checkStatement(statement);
        if (checked.kind !== 'schema') continue;
        const seen = schema.shapes.get(checked.shape);
        if (seen) seen.count++;
        else schema.shapes.set(checked.shape, { count: 1, text: describe(statement.text) });
      }
      return schema;
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The objects of the database that a restore could plant, one line each, sorted: the public
 * schema's relations, columns, constraints, functions, types, and every trigger, rule, policy
 * and event trigger; an extension's own objects (pg_trgm's functions) left out. Names and types
 * only, as every PostgreSQL version prints them alike.
 */
export async function readOutline(query: Query): Promise<string[]> {
  const rows = await query(OUTLINE_SQL);
  return rows.map((row) => String(row.item));
}

const OUTLINE_SQL = `
with public_schema as (select oid from pg_catalog.pg_namespace where nspname = 'public'),
  extension_objects as (select classid, objid from pg_catalog.pg_depend where deptype = 'e')
select 'relation ' || c.relname || ' ' || c.relkind::text as item
  from pg_catalog.pg_class c
  where c.relnamespace = (select oid from public_schema)
    and (c.oid) not in (select objid from extension_objects where classid = 'pg_catalog.pg_class'::regclass)
union all
select 'column ' || c.relname || '.' || a.attname || ' ' || pg_catalog.format_type(a.atttypid, a.atttypmod)
    || case when a.attnotnull then ' not null' else '' end
    || case when a.atthasdef then ' default' else '' end
    || case when a.attgenerated <> '' then ' generated' else '' end
  from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
  where c.relnamespace = (select oid from public_schema) and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and a.attnum > 0 and not a.attisdropped
union all
select 'constraint ' || c.relname || '.' || k.conname || ' ' || k.contype::text
  from pg_catalog.pg_constraint k join pg_catalog.pg_class c on c.oid = k.conrelid
  where k.connamespace = (select oid from public_schema) and k.contype <> 'n'
union all
select 'function ' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')'
  from pg_catalog.pg_proc p
  where p.pronamespace = (select oid from public_schema)
    and p.oid not in (select objid from extension_objects where classid = 'pg_catalog.pg_proc'::regclass)
union all
select 'type ' || t.typname || ' ' || t.typtype::text
  from pg_catalog.pg_type t
  where t.typnamespace = (select oid from public_schema) and t.typtype <> 'c' and t.typcategory <> 'A'
    and t.oid not in (select objid from extension_objects where classid = 'pg_catalog.pg_type'::regclass)
union all
select 'trigger ' || c.relname || '.' || t.tgname
  from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
  where not t.tgisinternal
union all
select 'rule ' || c.relname || '.' || r.rulename
  from pg_catalog.pg_rewrite r join pg_catalog.pg_class c on c.oid = r.ev_class
  where r.rulename <> '_RETURN'
union all
select 'policy ' || c.relname || '.' || p.polname
  from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid
union all
select 'event trigger ' || evtname from pg_catalog.pg_event_trigger
order by 1`;

/**
 * @throws Error naming the first object that `restored` has and Kirana's schema has not (and was
 *   not in the database before: `before`), or that it lacks.
 */
export function compareOutlines(restored: string[], before: string[], schema: KiranaSchema): void {
  const expected = new Set(schema.outline);
  const had = new Set(before);
  const extra = restored.find((item) => !expected.has(item) && !had.has(item));
  if (extra !== undefined)
    throw new Error(`restored, the database has ${extra}, which Kirana’s schema has not: undone`);
  const found = new Set(restored);
  const missing = schema.outline.find((item) => !found.has(item));
  if (missing !== undefined)
    throw new Error(`restored, the database lacks ${missing} of Kirana’s schema: undone`);
}
