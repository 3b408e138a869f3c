import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedDatabase } from '../db/embedded.js';

export interface TestDatabase {
  url: string;
  embedded: boolean;
  drop(): Promise<void>;
}

/**
 * A new, empty database: on the PostgreSQL server of `DATABASE_URL` when it is set (CI),
 * otherwise an in-memory PGlite, so `npm test` needs no database server.
 */
export async function createDatabase(adminUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!adminUrl) {
    const embedded = await startEmbeddedDatabase();
    return { url: embedded.url, embedded: true, drop: () => embedded.close() };
  }
  const name = `kirana_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await runAsAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    drop: () => runAsAdmin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function runAsAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
