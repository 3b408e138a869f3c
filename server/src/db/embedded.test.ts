import { existsSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EmbeddedDatabaseInUseError, startEmbeddedDatabase } from './embedded.js';
import { openDatabase } from './orm.js';
import { preparedRows } from '../lib/prepared-statement.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-embedded-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function selectOne(url: string): Promise<number> {
  return (await query<{ one: number }>(url, 'select 1 as one'))[0]!.one;
}

describe('the embedded database', () => {
  test('listens on a Unix socket in a folder of DATA_DIR only its owner may enter, not on a TCP port; a second server on it is refused', async () => {
    const database = await startEmbeddedDatabase(dataDir);
    try {
      const socketDir = path.join(dataDir, 'pg-socket');
      const host = decodeURIComponent(new URL(database.url).hostname);
      expect(host).toBe(socketDir);
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, 'pg')).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(socketDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
      expect(await selectOne(database.url)).toBe(1);

      // A second server on the same DATA_DIR is refused while this one runs, and harms nothing.
      await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(EmbeddedDatabaseInUseError);
      expect(await selectOne(database.url)).toBe(1);
    } finally {
      await database.close();
    }
  });

  test('a socket file left behind by a killed server does not stop the next start', async () => {
    const first = await startEmbeddedDatabase(dataDir);
    await first.close();
    writeFileSync(path.join(dataDir, 'pg-socket', '.s.PGSQL.5432'), '');
    const again = await startEmbeddedDatabase(dataDir);
    try {
      expect(await selectOne(again.url)).toBe(1);
    } finally {
      await again.close();
    }
  });

  test('in memory (tests), the socket gets a private temporary folder that closing removes', async () => {
    const database = await startEmbeddedDatabase();
    const socketDir = decodeURIComponent(new URL(database.url).hostname);
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(await selectOne(database.url)).toBe(1);
    await database.close();
    expect(() => statSync(socketDir)).toThrow();
  });

  test('a first start makes the data folder, whose data survives a restart', async () => {
    const first = await startEmbeddedDatabase(dataDir);
    try {
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      await query(first.url, "create table kept (word text); insert into kept values ('dhaniya')");
    } finally {
      await first.close();
    }
    const again = await startEmbeddedDatabase(dataDir);
    try {
      expect(await query(again.url, 'select word from kept')).toEqual([{ word: 'dhaniya' }]);
    } finally {
      await again.close();
    }
  });

  test.each([
    ['on disk', true],
    ['in memory', false],
  ])(
    '%s, it runs with a shop-sized buffer pool (16 MB, not 128), as the app’s connection reads',
    async (_where, onDisk) => {
      const database = await startEmbeddedDatabase(onDisk ? dataDir : undefined);
      const orm = await openDatabase({ url: database.url, embedded: true });
      try {
        const [setting] = await orm.em.fork().execute('show shared_buffers');
        expect(setting).toEqual({ shared_buffers: '16MB' });
      } finally {
        await orm.close(true);
        await database.close();
      }
    },
  );

  test('a named statement runs again after the app’s connection to the one session was replaced', async () => {
    const database = await startEmbeddedDatabase();
    const orm = await openDatabase({ url: database.url, embedded: true });
    try {
      const em = orm.em.fork();
      const one = sql<{ one: number }>`select 1 as one`;
      expect(await preparedRows(em, one)).toEqual([{ one: 1 }]);
      const pool = await em.getConnection().getNativeClient();
      // As when the pool closes an idle connection: the next statement comes on a new one.
      (await pool.connect()).release(true);
      expect(await preparedRows(em, one)).toEqual([{ one: 1 }]);
    } finally {
      await orm.close(true);
      await database.close();
    }
  });
});
