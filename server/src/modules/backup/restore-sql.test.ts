import { describe, expect, test } from 'vitest';
import { withoutRestrictGuards } from './dump.js';
import { restoreSql, splitPreamble } from './restore-sql.js';

const dump = [
  '--',
  '-- PostgreSQL database dump',
  '--',
  '',
  'SET statement_timeout = 0;',
  'SET transaction_timeout = 0;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  '',
  'CREATE TABLE public.t (name text);',
  "INSERT INTO public.t VALUES ('SET x = 1;');",
].join('\n');

describe('restoreSql', () => {
  test('splits the leading settings from the rest', () => {
    const { preamble, body } = splitPreamble(dump);
    expect(preamble).toEqual([
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
    ]);
    expect(body).toBe(
      "CREATE TABLE public.t (name text);\nINSERT INTO public.t VALUES ('SET x = 1;');",
    );
  });

  test('skips a setting the target does not know, and plays the rest in one transaction', async () => {
    const ran: string[] = [];
    await restoreSql(dump, async (statement) => {
      if (statement.startsWith('SET transaction_timeout'))
        throw Object.assign(
          new Error('unrecognized configuration parameter "transaction_timeout"'),
          {
            code: '42704',
          },
        );
      ran.push(statement.split('\n')[0]!);
    });
    expect(ran).toEqual([
      'SET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'begin',
      'CREATE TABLE public.t (name text);',
      'commit',
    ]);
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

describe('withoutRestrictGuards', () => {
  test('drops pg_dump’s two psql guard lines and nothing else', () => {
    const guarded = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '',
      '\\restrict AbC123',
      '',
      'SET statement_timeout = 0;',
      "INSERT INTO public.t VALUES ('line one",
      "\\restrict kept');",
      '',
      '\\unrestrict AbC123',
      '',
    ].join('\n');
    expect(withoutRestrictGuards(guarded)).toBe(
      [
        '--',
        '-- PostgreSQL database dump',
        '--',
        '',
        '',
        'SET statement_timeout = 0;',
        "INSERT INTO public.t VALUES ('line one",
        "\\restrict kept');",
        '',
        '',
      ].join('\n'),
    );
  });
});
