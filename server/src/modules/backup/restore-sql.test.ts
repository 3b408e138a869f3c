import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  dumpStatements,
  MAX_STATEMENT_CHARS,
  restoreSql,
  RestoreRefusedError,
  type DumpStatement,
} from './restore-sql.js';

const dump = [
  '--',
  '-- PostgreSQL database dump',
  '--',
  '',
  '\\restrict AbC123',
  '',
  'SET statement_timeout = 0;',
  'SET transaction_timeout = 0;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  '',
  '--',
  '-- Name: t; Type: TABLE; Schema: public; Owner: -',
  '--',
  '',
  'CREATE TABLE public.t (name text);',
  'CREATE FUNCTION public.f() RETURNS trigger',
  '    LANGUAGE plpgsql',
  "    AS $fn$ begin raise exception 'no; never'; end; $fn$;",
  '',
  "INSERT INTO public.t VALUES ('SET x = 1;'), ('line one",
  '\\restrict kept;',
  "-- kept too'), ($$it's$$), (\"a;\"), (E'\\'; x'), (/* ; /* ; */ ; */ 1);",
  '',
  '\\unrestrict AbC123',
  '',
].join('\n');

const statements = [
  { text: 'SET statement_timeout = 0', line: 7 },
  { text: 'SET transaction_timeout = 0', line: 8 },
  { text: "SELECT pg_catalog.set_config('search_path', '', false)", line: 9 },
  { text: 'CREATE TABLE public.t (name text)', line: 15 },
  {
    text: "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $fn$ begin raise exception 'no; never'; end; $fn$",
    line: 16,
  },
  {
    text: "INSERT INTO public.t VALUES ('SET x = 1;'), ('line one\n\\restrict kept;\n-- kept too'), ($$it's$$), (\"a;\"), (E'\\'; x'), (/* ; /* ; */ ; */ 1)",
    line: 20,
  },
];

const read = async (source: Iterable<string> | AsyncIterable<string>) => {
  const found: DumpStatement[] = [];
  for await (const statement of dumpStatements(source)) found.push(statement);
  return found;
};

describe('dumpStatements', () => {
  test('each statement with its line, without the comments and psql guards before it, a row’s text untouched', async () => {
    expect(await read([dump])).toEqual(statements);
  });

  test('gives the same statements however the file is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: dump.length - 1 }), { maxLength: 40 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), dump.length];
          const chunks = points.slice(1).map((end, index) => dump.slice(points[index], end));
          expect(await read(chunks)).toEqual(statements);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('refuses a psql command other than pg_dump’s guards, a statement left open, and one too long', async () => {
    await expect(read(['SET a = 1;\n\\! touch /tmp/owned\n'])).rejects.toThrow(
      /line 2: the psql command \\! touch/,
    );
    await expect(read(["INSERT INTO public.t VALUES ('open"])).rejects.toThrow(
      /line 1: the dump ends inside a statement/,
    );
    const endless = (function* () {
      yield "INSERT INTO public.t VALUES ('";
      for (let sent = 0; sent <= MAX_STATEMENT_CHARS; sent += 1024 * 1024)
        yield 'x'.repeat(1024 * 1024);
    })();
    await expect(read(endless)).rejects.toThrow(RestoreRefusedError);
  });

  test('reads an INSERT of 500 large rows (pictures as hex) in parts of about a megabyte, each an INSERT of some of its rows in order', async () => {
    const rows = Array.from(
      { length: 500 },
      (_, row) =>
        `('products/p-${row}-800.webp', '\\x${row.toString(16).padStart(4, '0').repeat(20_000)}', NULL)`,
    );
    const head = 'INSERT INTO public.stored_images VALUES\n\t';
    const insert = `${head}${rows.join(',\n\t')};\nSELECT 1;\n`;
    expect(insert.length).toBeGreaterThan(MAX_STATEMENT_CHARS);
    const parts = await read(
      (function* () {
        for (let at = 0; at < insert.length; at += 64 * 1024)
          yield insert.slice(at, at + 64 * 1024);
      })(),
    );
    expect(parts.at(-1)).toEqual({ text: 'SELECT 1', line: 502 });
    const inserts = parts.slice(0, -1);
    expect(inserts.length).toBeGreaterThan(30);
    expect(inserts.every((part) => part.text.length < 1_200_000)).toBe(true);
    expect(inserts.every((part) => part.text.startsWith(head))).toBe(true);
    expect(inserts.flatMap((part) => part.text.slice(head.length).split(',\n\t'))).toEqual(rows);
    expect(inserts[1]?.line).toBe(inserts[0]!.line + inserts[0]!.text.split('\n').length);
  });

  test('reads a 200 MB dump statement by statement, its memory bounded by a statement’s', async () => {
    const insert = `INSERT INTO public.t VALUES ${Array.from({ length: 500 }, (_, row) => `('${row}', 'a row of some length, as an order''s line is', 12345, NULL)`).join(', ')};\n`;
    const total = 200 * 1024 * 1024;
    // Whole statements, a megabyte at a time, given in 64 KB chunks cut anywhere (as a zip's
    // stream gives them).
    const block = insert.repeat(Math.ceil((1024 * 1024) / insert.length));
    async function* file() {
      for (let sent = 0; sent < total; sent += block.length)
        for (let at = 0; at < block.length; at += 64 * 1024) yield block.slice(at, at + 64 * 1024);
    }
    global.gc?.();
    const start = process.memoryUsage().heapUsed;
    let peak = 0;
    let count = 0;
    for await (const statement of dumpStatements(file())) {
      count++;
      if (count % 500 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - start);
      expect(statement.text.length).toBe(insert.length - 2);
    }
    expect(count).toBeGreaterThanOrEqual(total / insert.length);
    // Well under the dump's 200 MB, with room for garbage a busy machine collects late.
    expect(peak).toBeLessThan(128 * 1024 * 1024);
  }, 120_000);
});

describe('restoreSql', () => {
  const played = (sql: string) => dumpStatements([sql]);

  test('skips a setting the target does not know, and plays the rest in one transaction', async () => {
    const ran: string[] = [];
    await restoreSql(played(dump), async (statement) => {
      if (statement.startsWith('SET transaction_timeout'))
        throw Object.assign(
          new Error('unrecognized configuration parameter "transaction_timeout"'),
          { code: '42704' },
        );
      ran.push(statement);
    });
    expect(ran).toEqual([
      'SET statement_timeout = 0',
      "SELECT pg_catalog.set_config('search_path', '', false)",
      'begin',
      `${statements
        .slice(3)
        .map((statement) => statement.text)
        .join('\n;\n')}\n;`,
      'commit',
    ]);
  });

  test('sends a long dump in queries of about a megabyte, never splitting a statement', async () => {
    const row = `('${'x'.repeat(998)}')`;
    const insert = `INSERT INTO public.t VALUES ${Array.from({ length: 100 }, () => row).join(', ')}`;
    const long = ['CREATE TABLE public.t (name text);', ...Array(25).fill(`${insert};`)].join('\n');
    const queries: string[] = [];
    await restoreSql(played(long), async (statement) => void queries.push(statement));
    const body = queries.slice(1, -1);
    expect(body.length).toBeGreaterThan(1);
    expect(body.every((query) => query.length <= 1_000_000 + 100_000)).toBe(true);
    expect(
      body
        .join('\n')
        .split(';')
        .filter((part) => part.trim() !== ''),
    ).toHaveLength(26);
  });

  test('plays a statement ending in a line comment apart from the next one', async () => {
    const db = await PGlite.create();
    try {
      const commented = [
        'CREATE TABLE public.t (n integer) -- the last line of the statement',
        ';',
        'INSERT INTO public.t VALUES (1) -- this too',
        ';',
        'INSERT INTO public.t VALUES (2);',
      ].join('\n');
      await restoreSql(played(commented), (statement) => db.exec(statement));
      expect((await db.query('select n from public.t order by n')).rows).toEqual([
        { n: 1 },
        { n: 2 },
      ]);
    } finally {
      await db.close();
    }
  });

  test('rolls back when the body fails, and says why', async () => {
    const ran: string[] = [];
    const failing = restoreSql(played(dump), async (statement) => {
      ran.push(statement.split('\n')[0] ?? '');
      if (statement.startsWith('CREATE')) throw new Error('relation "t" already exists');
    });
    await expect(failing).rejects.toThrow('relation "t" already exists');
    expect(ran.at(-1)).toBe('rollback');
  });

  test('rolls back when the check before the commit fails', async () => {
    const ran: string[] = [];
    const failing = restoreSql(
      played(dump),
      async (statement) => void ran.push(statement.split('\n')[0] ?? ''),
      async () => {
        throw new Error('table t would not hold what the backup holds');
      },
    );
    await expect(failing).rejects.toThrow('would not hold');
    expect(ran.slice(-2)).toEqual(['CREATE TABLE public.t (name text)', 'rollback']);
  });

  test('rolls back, and plays nothing more, when reading the dump fails half-way', async () => {
    const ran: string[] = [];
    async function* refusing() {
      yield 'CREATE TABLE public.t (name text);\n';
      throw new RestoreRefusedError('line 2: COPY … is not a statement of a Kirana backup');
    }
    await expect(
      restoreSql(dumpStatements(refusing()), async (statement) => void ran.push(statement)),
    ).rejects.toThrow(RestoreRefusedError);
    expect(ran).toEqual(['begin', 'rollback']);
  });
});
