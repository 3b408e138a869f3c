import { beforeAll, describe, expect, test } from 'vitest';
import {
  allowedStatements,
  checkStatement,
  compareWithSchema,
  inspectDump,
  loadSqlParser,
  type ExpectedSchema,
} from './dump-check.js';
import { dumpStatements, RestoreRefusedError } from './restore-sql.js';

/** A small schema's dump, in pg_dump's own form. */
const preamble = [
  'SET statement_timeout = 0;',
  "SET client_encoding = 'UTF8';",
  'SET standard_conforming_strings = on;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
];
const schemaStatements = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;',
  "COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';",
  `CREATE FUNCTION public.lines_append_only_fn() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin raise exception 'lines is append-only'; end; $$;`,
  "SET default_tablespace = '';",
  `CREATE TABLE public.users (
    id uuid NOT NULL,
    email character varying(254) NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    CONSTRAINT users_name_check CHECK ((length(name) < 100))
);`,
  `CREATE TABLE public.mikro_orm_migrations (
    id integer NOT NULL,
    name character varying(255),
    executed_at timestamp(6) with time zone DEFAULT CURRENT_TIMESTAMP(6) NOT NULL
);`,
  `CREATE SEQUENCE public.mikro_orm_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;`,
  'ALTER SEQUENCE public.mikro_orm_migrations_id_seq OWNED BY public.mikro_orm_migrations.id;',
  "ALTER TABLE ONLY public.mikro_orm_migrations ALTER COLUMN id SET DEFAULT nextval('public.mikro_orm_migrations_id_seq'::regclass);",
  'ALTER TABLE ONLY public.users\n    ADD CONSTRAINT users_pkey PRIMARY KEY (id);',
  'CREATE INDEX users_name_trigram_index ON public.users USING gin (name public.gin_trgm_ops);',
  'CREATE TRIGGER lines_append_only BEFORE DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION public.lines_append_only_fn();',
];
const data = [
  `INSERT INTO public.users VALUES
\t('01a24a39-3840-737c-ad98-d9ccd76f1d96', 'a@b.example', 'Meera''s; -- shop'),
\t('01a24a39-3840-737c-ad98-d9ccd76f1d97', 'c@d.example', 'E''\\''');`,
  `INSERT INTO public.mikro_orm_migrations VALUES
\t(1, 'Migration20261122021743_Initial', '2026-12-06 07:19:53.486+00'),
\t(2, 'Migration20261123063501_OnlinePayments', '2026-12-06 07:19:53.486+00');`,
  "SELECT pg_catalog.setval('public.mikro_orm_migrations_id_seq', 2, true);",
];
const good = [...preamble, ...schemaStatements, ...data];

const statementsOf = (sql: string) => dumpStatements([sql]);

let schema: ExpectedSchema;
beforeAll(async () => {
  await loadSqlParser();
  const shapes: ExpectedSchema['shapes'] = new Map();
  for await (const statement of statementsOf(schemaStatements.join('\n'))) {
    const checked = checkStatement(statement);
    if (checked.kind === 'schema') shapes.set(checked.shape, { count: 1, text: statement.text });
  }
  schema = {
    migration: 'Migration20261123063501_OnlinePayments',
    shapes,
    tables: new Set(['users', 'mikro_orm_migrations']),
    sequences: new Set(['mikro_orm_migrations_id_seq']),
  };
});

/** Reads `lines` as a restore does before it writes anything. */
const check = async (lines: string[]) => {
  const contents = await inspectDump(statementsOf(lines.join('\n')));
  compareWithSchema(contents, schema);
  return contents;
};

describe('a backup’s statements', () => {
  test('pg_dump’s dump of the schema passes, however it is spaced, with the migrations it ran', async () => {
    const contents = await check(good);
    expect(contents.migrations).toEqual([
      'Migration20261122021743_Initial',
      'Migration20261123063501_OnlinePayments',
    ]);
    const respaced = good.map((line) =>
      line.startsWith('CREATE TABLE') ? line.replaceAll('\n    ', ' ') : line,
    );
    await check(respaced);
    const played: string[] = [];
    for await (const statement of allowedStatements(statementsOf(good.join('\n')), schema))
      played.push(statement.text);
    // Strings read as they were checked, whatever the server's own setting.
    expect(played).toEqual(['SET standard_conforming_strings = on', ...played.slice(1)]);
    expect(played).toHaveLength(good.length + 1);
  });

  const line = [...preamble, ...schemaStatements].join('\n').split('\n').length + 1;
  test.each([
    [
      'a planted function',
      'CREATE FUNCTION public.planted() RETURNS trigger LANGUAGE plpgsql AS $$ begin return new; end; $$;',
    ],
    [
      'a planted trigger on users',
      'CREATE TRIGGER planted BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION public.lines_append_only_fn();',
    ],
    [
      'the schema’s function with another body',
      'CREATE OR REPLACE FUNCTION public.lines_append_only_fn() RETURNS trigger LANGUAGE plpgsql AS $$ begin perform pg_catalog.pg_sleep(1); return new; end; $$;',
    ],
    ['DO', 'DO $$ begin perform 1; end $$;'],
    ['COPY … TO PROGRAM', "COPY (SELECT 1) TO PROGRAM 'touch /tmp/owned';"],
    ['COPY … FROM PROGRAM', "COPY public.users FROM PROGRAM 'cat /etc/passwd';"],
    ['COPY … FROM stdin', 'COPY public.users (id, email, name) FROM stdin;'],
    ['CREATE RULE', 'CREATE RULE planted AS ON INSERT TO public.users DO ALSO NOTIFY planted;'],
    ['CREATE VIEW', 'CREATE VIEW public.planted AS SELECT 1;'],
    [
      'CREATE EVENT TRIGGER',
      'CREATE EVENT TRIGGER planted ON ddl_command_start EXECUTE FUNCTION public.lines_append_only_fn();',
    ],
    ['GRANT', 'GRANT ALL ON public.users TO PUBLIC;'],
    ['ALTER SYSTEM', "ALTER SYSTEM SET archive_command = 'touch /tmp/owned';"],
    ['SET ROLE', 'SET ROLE postgres;'],
    ['another setting', 'SET session_replication_role = replica;'],
    ['backslashes as escapes', 'SET standard_conforming_strings = off;'],
    ['a SELECT', "SELECT pg_catalog.pg_read_file('/etc/passwd');"],
    [
      'a function in a row',
      "INSERT INTO public.users VALUES ('x', pg_catalog.pg_read_file('/etc/passwd'), '');",
    ],
    ['a query in a row', "INSERT INTO public.users VALUES ('x', (SELECT 'y'), '');"],
    ['a cast in a row', "INSERT INTO public.users VALUES ('x', 'y'::text, '');"],
    ['rows from a query', 'INSERT INTO public.users SELECT * FROM public.users;'],
    ['a comment in a row', "INSERT INTO public.users VALUES ('x', 'y' -- z\n, '');"],
    ['rows of another table', "INSERT INTO public.planted VALUES ('x');"],
    ['a setval of another sequence', "SELECT pg_catalog.setval('public.planted_seq', 1, true);"],
    ['a table more', 'CREATE TABLE public.planted (id integer);'],
    [
      'a column more',
      "ALTER TABLE public.users ADD COLUMN planted text DEFAULT pg_catalog.pg_read_file('/etc/passwd');",
    ],
    ['an index more', 'CREATE INDEX planted ON public.users USING btree (pg_catalog.md5(name));'],
    ['another extension', 'CREATE EXTENSION IF NOT EXISTS plpython3u WITH SCHEMA public;'],
    ['DROP', 'DROP TABLE public.users;'],
    ['a psql command', '\\! touch /tmp/owned'],
    ['what is no SQL', 'CREATE TABLE public.users (;'],
  ])('refuses %s, naming its line', async (_, statement) => {
    const dump = [...preamble, ...schemaStatements, statement, ...data];
    await expect(check(dump)).rejects.toThrow(RestoreRefusedError);
    await expect(check(dump)).rejects.toThrow(new RegExp(`^line ${line}: `));
  });

  test('refuses a dump that lacks a statement of the schema, or repeats one', async () => {
    const trigger = schemaStatements.length - 1;
    await expect(
      check([...preamble, ...schemaStatements.slice(0, trigger), ...data]),
    ).rejects.toThrow(/lacks CREATE TRIGGER lines_append_only .* not a whole backup/);
    await expect(
      check([...preamble, ...schemaStatements, schemaStatements[trigger] ?? '', ...data]),
    ).rejects.toThrow(/is there 2 times, 1 in Kirana's schema/);
  });
});
