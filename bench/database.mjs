// A database of a benchmark's own on the PostgreSQL server at an admin URL, dropped afterwards.

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates a new database named `kirana_<purpose>_…` on the server of `adminUrl`; resolves with
 * its URL and `drop()`, which removes it (closing what is still connected to it).
 */
export async function createDatabase(adminUrl, purpose) {
  const name = `kirana_${purpose}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
