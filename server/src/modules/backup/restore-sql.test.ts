import { describe, expect, test } from 'vitest';
import { restoreSql, splitDump } from './restore-sql.js';

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
  '',
  "INSERT INTO public.t VALUES ('SET x = 1;'), ('line one",
  '\\restrict kept;',
  "-- kept too'), ($$it's$$);",
  '',
  '\\unrestrict AbC123',
  '',
].join('\n');

describe('splitDump', () => {
  test('the leading settings apart, each statement without the comments and psql guards before it, a row’s text untouched', () => {
    expect(splitDump(dump)).toEqual({
      preamble: [
        'SET statement_timeout = 0',
        'SET transaction_timeout = 0',
        "SELECT pg_catalog.set_config('search_path', '', false)",
      ],
      body: [
        'CREATE TABLE public.t (name text)',
        "INSERT INTO public.t VALUES ('SET x = 1;'), ('line one\n\\restrict kept;\n-- kept too'), ($$it's$$)",
      ],
    });
  });
});

describe('restoreSql', () => {
  test('skips a setting the target does not know, and plays the rest in one transaction', async () => {
    const ran: string[] = [];
    await restoreSql(dump, async (statement) => {
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
      "CREATE TABLE public.t (name text);\nINSERT INTO public.t VALUES ('SET x = 1;'), ('line one\n\\restrict kept;\n-- kept too'), ($$it's$$);",
      'commit',
    ]);
  });

  test('sends a long dump in queries of about a megabyte, never splitting a statement', async () => {
    const row = `('${'x'.repeat(998)}')`;
    const insert = `INSERT INTO public.t VALUES ${Array.from({ length: 100 }, () => row).join(', ')}`;
    const long = ['CREATE TABLE public.t (name text);', ...Array(25).fill(`${insert};`)].join('\n');
    const queries: string[] = [];
    await restoreSql(long, async (statement) => void queries.push(statement));
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

  test('rolls back when the body fails, and says why', async () => {
    const ran: string[] = [];
    const failing = restoreSql(dump, async (statement) => {
      ran.push(statement.split('\n')[0]!);
      if (statement.startsWith('CREATE')) throw new Error('relation "t" already exists');
    });
    await expect(failing).rejects.toThrow('relation "t" already exists');
    expect(ran.at(-1)).toBe('rollback');
  });

  test('rolls back when the check before the commit fails', async () => {
    const ran: string[] = [];
    const failing = restoreSql(
      dump,
      async (statement) => void ran.push(statement.split('\n')[0]!),
      async () => {
        throw new Error('table t would not hold what the backup holds');
      },
    );
    await expect(failing).rejects.toThrow('would not hold');
    expect(ran.slice(-2)).toEqual(['CREATE TABLE public.t (name text);', 'rollback']);
  });
});
