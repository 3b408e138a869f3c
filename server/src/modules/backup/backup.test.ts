import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { backupMadeAnswerSchema, backupsAnswerSchema } from '@kirana/shared';
import pg from 'pg';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DATA_DIR_KEYS } from '../../config.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../db/embedded.js';
import { kiranaMigrations } from '../../db/migrations-up-to.js';
import { asBytes, createTestApp, type TestApp } from '../../test/app.js';
import { connect, listen } from '../../test/sockets.js';
import { createDatabase, type TestDatabase } from '../../test/database.js';
import {
  createProduct,
  placeCodOrder,
  signInAgent,
  signInSeller,
  signUpShopper,
  picture,
} from '../../test/factories.js';
import { payInSandbox, placeOnlineOrder, signedCallback } from '../../test/payments.js';
import { createLogger } from '../../lib/logger.js';
import { DatabaseImageStore } from '../upload/database-image-store.js';
import { listBackups } from './backup-archive.js';
import { Backups } from './backups.js';
import { backUp } from './back-up.js';
import { readFingerprints, TABLES_SQL, type TableFingerprints } from './fingerprints.js';
import { restoreBackup, RestoreRefusedError } from './restore.js';

// rename as it is, unless a test makes one fail (a move into DATA_DIR after the commit).
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof FsPromises>();
  return { ...actual, rename: vi.fn(actual.rename) };
});

const fingerprintsAt = async (url: string): Promise<TableFingerprints> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readFingerprints(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
};

/** A copy of the backup `file` (into `dir`), its SQL or manifest changed by `edit`, files added. */
async function tampered(
  file: string,
  dir: string,
  edit: {
    sql?: (sql: string) => string;
    manifest?: (manifest: string) => string;
    /** Files added, by name. */
    add?: Record<string, string>;
  },
): Promise<string> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const out = new yazl.ZipFile();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    let content = Buffer.concat(chunks);
    const change =
      entry.fileName === 'database.sql'
        ? edit.sql
        : entry.fileName === 'kirana-backup.json'
          ? edit.manifest
          : undefined;
    if (change) content = Buffer.from(change(content.toString('utf8')));
    out.addBuffer(content, entry.fileName);
  }
  zip.close();
  for (const [name, content] of Object.entries(edit.add ?? {}))
    out.addBuffer(Buffer.from(content), name);
  out.end();
  const copy = path.join(dir, path.basename(file));
  await pipeline(out.outputStream, createWriteStream(copy));
  return copy;
}

/** Every file and folder under `dir`, relative to it; none when it does not exist. */
const tree = async (dir: string) =>
  (await readdir(dir, { recursive: true }).catch(() => ['(none)'])).sort();

const PLANTED = `
CREATE FUNCTION public.planted() RETURNS trigger LANGUAGE plpgsql AS $$ begin new.name := 'planted'; return new; end; $$;
CREATE TRIGGER planted BEFORE INSERT OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION public.planted();
`;

// A restore first makes Kirana's schema from its migrations, in a scratch database: seconds.
/** Restores `file` into `dataDir`, onto the database at `databaseUrl` (none: an embedded one there). */
const restoreInto = (file: string, dataDir: string, databaseUrl?: string) =>
  restoreBackup(file, { dataDir, databaseUrl, keys: DATA_DIR_KEYS, migrations: kiranaMigrations });

describe('backups', { timeout: 180_000 }, () => {
  let dataDir: string;
  let embedded: EmbeddedDatabase;
  let app: TestApp;
  const pictures = ['catalogue/apple-800.webp', 'catalogue/apple-400.webp'];
  const folders: string[] = [];
  const folder = async () => {
    const made = await mkdtemp(path.join(tmpdir(), 'kirana-backup-test-'));
    folders.push(made);
    return made;
  };

  /** A backup of the test's shop into `dir` (default: a new folder), as the store makes one. */
  const backUpShop = async (
    options: { dir?: string; keep?: number; now?: () => Date; timeZone?: string } = {},
  ) =>
    backUp({
      source: { kind: 'embedded', copyTo: embedded.copyTo },
      dir: options.dir ?? (await folder()),
      dataDir,
      keep: options.keep ?? 14,
      keys: DATA_DIR_KEYS,
      timeZone: async () => options.timeZone ?? 'Asia/Kolkata',
      now: options.now,
    });

  beforeAll(async () => {
    // A shop on the embedded database, as a shop runs by default: DATA_DIR holds both.
    dataDir = await folder();
    embedded = await startEmbeddedDatabase(dataDir);
    app = await createTestApp({
      database: { url: embedded.url, embedded: true },
      dataDir,
      backupSource: { kind: 'embedded', copyTo: embedded.copyTo },
    });
    for (const name of pictures) await app.store.put(name, await picture('webp'));

    // A day of business: stock counted, a cash order delivered and paid, an online order paid.
    await createProduct(app.orm.em.fork(), { stockCount: 7, images: [`/uploads/${pictures[0]}`] });
    await signInSeller(app);
    const agent = await signInAgent(app);
    const cashOrder = await placeCodOrder(app, await signUpShopper(app));
    await agent.http.post('/api/agents/accept').send({ orderId: cashOrder }).expect(200);
    await agent.http.put(`/api/agents/status/${cashOrder}`).send({ status: 'Picked' }).expect(200);
    await agent.http.put(`/api/agents/mark-paid/${cashOrder}`).expect(200);
    const shopper = await signUpShopper(app, 'Meera');
    const online = await placeOnlineOrder(app, shopper);
    const paid = await payInSandbox(app, online.order.id);
    await shopper.http
      .post('/api/order/verify')
      .send(signedCallback(paid.razorpay_order_id, paid.razorpay_payment_id))
      .expect(200);
  });
  afterAll(async () => {
    await app?.close();
    await embedded?.close();
    for (const made of folders) await rm(made, { recursive: true, force: true });
  });

  test('restores into a new DATA_DIR and into a new PostgreSQL database, every row and picture as it was', async () => {
    const backups = await folder();
    const backup = await backUpShop({ dir: backups });
    const original = await fingerprintsAt(embedded.url);
    for (const table of ['orders', 'order_items', 'payments', 'agent_cash_lines', 'products'])
      expect(original[table]?.rows, table).toBeGreaterThan(0);

    // Into an empty DATA_DIR: the embedded database and the pictures.
    const newDataDir = await folder();
    const restored = await restoreInto(backup.path, newDataDir);
    expect(restored.pictures).toBe(pictures.length);
    // The shop's own keys come along: sessions, paired phones and push subscriptions stay valid.
    const keys = path.join(newDataDir, 'vapid-keys.json');
    expect(await readFile(keys)).toEqual(await readFile(path.join(dataDir, 'vapid-keys.json')));
    expect((await stat(keys)).mode & 0o777).toBe(0o600);
    const second = await startEmbeddedDatabase(newDataDir);
    try {
      expect(await fingerprintsAt(second.url)).toEqual(original);
      const restoredApp = await createTestApp({
        database: { url: second.url, embedded: true },
        dataDir: newDataDir,
      });
      try {
        for (const name of pictures) {
          const served = await restoredApp.http().get(`/uploads/${name}`).expect(200);
          expect(served.body).toEqual(await readFile(path.join(dataDir, 'uploads', name)));
        }
      } finally {
        await restoredApp.close();
      }
    } finally {
      await second.close();
    }
  });

  // Without DATABASE_URL (npm test on a laptop) there is no PostgreSQL server to restore into.
  test.skipIf(!process.env.DATABASE_URL)(
    'restores into a new PostgreSQL database, the way off the embedded default, and a server’s own backup (pg_dump) restores as well',
    async () => {
      const backup = await backUpShop();
      const original = await fingerprintsAt(embedded.url);
      const server: TestDatabase = await createDatabase();
      try {
        await restoreInto(backup.path, await folder(), server.url);
        expect(await fingerprintsAt(server.url)).toEqual(original);

        // And a server's own backup (pg_dump) restores as well.
        const fromServer = await backUp({
          source: { kind: 'server', url: server.url },
          dir: await folder(),
          dataDir: await folder(),
          keep: 14,
          keys: DATA_DIR_KEYS,
          timeZone: async () => 'Asia/Kolkata',
        });
        const third = await folder();
        await restoreInto(fromServer.path, third);
        const again = await startEmbeddedDatabase(third);
        try {
          expect(await fingerprintsAt(again.url)).toEqual(original);
        } finally {
          await again.close();
        }
      } finally {
        await server.drop();
      }
    },
  );

  test('a shop keeping its pictures in the database (UPLOADS=database) backs up and restores, embedded and into PostgreSQL, however large its pictures', async () => {
    // The largest picture a store writes: 800 pixels of noise with transparency, about a
    // megabyte of WebP; two dozen of them are 50 MB of hex in one INSERT of pg_dump's 500 rows.
    const largest = await sharp(randomBytes(800 * 800 * 4), {
      raw: { width: 800, height: 800, channels: 4 },
    })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
    expect(largest.length).toBeGreaterThan(900_000);
    const store = new DatabaseImageStore(app.orm);
    const names = Array.from({ length: 24 }, (_, index) => `products/large-${index}-800.webp`);
    for (const name of names) await store.put(name, largest);
    try {
      const backup = await backUpShop();
      const original = await fingerprintsAt(embedded.url);
      expect(original['stored_images']?.rows).toBeGreaterThanOrEqual(names.length);
      const newDataDir = await folder();
      await restoreInto(backup.path, newDataDir);
      const second = await startEmbeddedDatabase(newDataDir);
      try {
        expect(await fingerprintsAt(second.url)).toEqual(original);
      } finally {
        await second.close();
      }
      if (!process.env.DATABASE_URL) return;
      const server = await createDatabase();
      try {
        await restoreInto(backup.path, await folder(), server.url);
        expect(await fingerprintsAt(server.url)).toEqual(original);
      } finally {
        await server.drop();
      }
    } finally {
      for (const name of names) await store.remove(name);
    }
  });

  test('refuses a target that holds data, and changes nothing there', async () => {
    const backup = await backUpShop();
    const before = await fingerprintsAt(embedded.url);
    await expect(restoreInto(backup.path, await folder(), embedded.url)).rejects.toThrow(
      RestoreRefusedError,
    );
    await expect(restoreInto(backup.path, dataDir)).rejects.toThrow(/holds pictures already/);
    expect(await fingerprintsAt(embedded.url)).toEqual(before);

    const notABackup = path.join(await folder(), 'notes.zip');
    await writeFile(notABackup, 'hello');
    await expect(restoreInto(notABackup, await folder())).rejects.toThrow(/not a Kirana backup/);
  });

  test('refuses a backup with a planted function and trigger on users before writing anything: DATA_DIR as it was, no key file', async () => {
    const backup = await backUpShop();
    const planted = await tampered(backup.path, await folder(), { sql: (sql) => sql + PLANTED });
    // A DATA_DIR holding something of the operator's, and one that does not exist yet.
    const target = await folder();
    await writeFile(path.join(target, 'notes.txt'), 'mine');
    const absent = path.join(await folder(), 'data');
    for (const dataDir of [target, absent]) {
      const before = await tree(dataDir);
      await expect(restoreInto(planted, dataDir)).rejects.toThrow(
        /^line \d+: CREATE FUNCTION public\.planted\(\) RETURNS trigger .* is not in Kirana's schema/,
      );
      expect(await tree(dataDir)).toEqual(before);
    }
  });

  test('refuses COPY … TO PROGRAM on the embedded database and on PostgreSQL, running nothing', async () => {
    const backup = await backUpShop();
    const marker = path.join(await folder(), 'owned');
    const copying = await tampered(backup.path, await folder(), {
      sql: (sql) =>
        sql.replace('CREATE TABLE', `COPY (SELECT 1) TO PROGRAM 'touch ${marker}';\nCREATE TABLE`),
    });
    const refusal =
      /^line \d+: COPY \(SELECT 1\) TO PROGRAM .* is not a statement of a Kirana backup/;
    const dataDir = await folder();
    await expect(restoreInto(copying, dataDir)).rejects.toThrow(refusal);
    expect(await tree(dataDir)).toEqual([]);
    if (process.env.DATABASE_URL) {
      const server = await createDatabase();
      try {
        await expect(restoreInto(copying, dataDir, server.url)).rejects.toThrow(refusal);
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        expect((await client.query(TABLES_SQL).finally(() => client.end())).rows).toEqual([]);
      } finally {
        await server.drop();
      }
    }
    await expect(stat(marker)).rejects.toThrow(/ENOENT/);
    expect(await tree(dataDir)).toEqual([]);
  });

  test('a backup with a key this Kirana has not writes none of its keys', async () => {
    const backup = await backUpShop();
    const strange = await tampered(backup.path, await folder(), {
      add: { 'keys/zz-planted.key': 'secret' },
    });
    const dataDir = await folder();
    await expect(restoreInto(strange, dataDir)).rejects.toThrow(
      /holds a key this Kirana has not: keys\/zz-planted.key/,
    );
    expect(await tree(dataDir)).toEqual([]);
  });

  test('a restore that fails once it has begun leaves DATA_DIR as it was: no database, pictures or keys', async () => {
    const backup = await backUpShop();
    // The rows are not the ones the manifest vouches for: found only after they are played.
    const differing = await tampered(backup.path, await folder(), {
      manifest: (manifest) =>
        manifest.replace(/"rows": (\d+)/, (_, rows) => `"rows": ${Number(rows) + 1}`),
    });
    const dataDir = await folder();
    await expect(restoreInto(differing, dataDir)).rejects.toThrow(
      /would not hold what the backup holds: undone/,
    );
    expect(await tree(dataDir)).toEqual([]);
    // And the next try, with the whole backup, restores.
    await restoreInto(backup.path, dataDir);
    expect((await readdir(dataDir)).sort()).toEqual(
      expect.arrayContaining(['pg', 'uploads', 'vapid-keys.json']),
    );
  });

  test('a move into DATA_DIR that fails after the commit undoes the moves before it: no database, pictures or keys', async () => {
    const backup = await backUpShop();
    const dataDir = await folder();
    const uploads = path.join(dataDir, 'uploads');
    const actual = vi.mocked(rename).getMockImplementation()!;
    vi.mocked(rename).mockImplementation(async (from, to) => {
      if (to === uploads) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      return actual(from, to);
    });
    try {
      await expect(restoreInto(backup.path, dataDir)).rejects.toThrow(/EIO/);
    } finally {
      vi.mocked(rename).mockImplementation(actual);
    }
    expect(await tree(dataDir)).toEqual([]);
    // Nothing was lost that a second try needs: it restores.
    await restoreInto(backup.path, dataDir);
    expect((await readdir(dataDir)).sort()).toEqual(
      expect.arrayContaining(['pg', 'uploads', 'vapid-keys.json']),
    );
  });

  test('keeps exactly the newest BACKUP_KEEP, and clears what an unfinished backup left', async () => {
    const dir = await folder();
    const work = path.join(dataDir, '.backup-work');
    // Left by a process that has ended; and one another process (alive) is still making. Its
    // file in BACKUP_DIR, as this version and the one before named it, and its folder in DATA_DIR.
    const dead = 2147483647;
    const alive = process.ppid;
    const leftovers = (pid: number) => ({
      files: [
        `.kirana-${pid}-abcdef.partial`,
        `.kirana-2026-11-26T01-00-00-000Z.zip.${pid}-abcdef.partial`,
      ],
      folder: `${pid}-abcdef`,
    });
    for (const pid of [dead, alive]) {
      for (const name of leftovers(pid).files) await writeFile(path.join(dir, name), 'half');
      await mkdir(path.join(work, leftovers(pid).folder, 'pg'), { recursive: true });
    }
    const times = [1, 2, 3].map((hour) => new Date(Date.UTC(2026, 10, 27, hour)));
    for (const time of times) await backUpShop({ dir, keep: 2, now: () => time });
    const kept = await listBackups(dir);
    expect(kept.map((backup) => backup.createdAt)).toEqual([times[2], times[1]]);
    expect(kept.map((backup) => backup.name)).toEqual([
      'kirana-2026-11-27T08-30-00-000+0530.zip',
      'kirana-2026-11-27T07-30-00-000+0530.zip',
    ]);
    expect((await readdir(dir)).sort()).toEqual(
      [...kept.map((backup) => backup.name), ...leftovers(alive).files].sort(),
    );
    expect(await readdir(work)).toEqual([leftovers(alive).folder]);
    await rm(path.join(work, leftovers(alive).folder), { recursive: true });
  });

  test('copies the database beside it in DATA_DIR, never into BACKUP_DIR', async () => {
    const copies: string[] = [];
    const dir = await folder();
    await backUp({
      source: {
        kind: 'embedded',
        copyTo: async (copy) => {
          copies.push(copy);
          expect(await readdir(dir)).toEqual([]);
          await embedded.copyTo(copy);
        },
      },
      dir,
      dataDir,
      keep: 14,
      keys: DATA_DIR_KEYS,
      timeZone: async () => 'Asia/Kolkata',
    });
    expect(path.relative(path.join(dataDir, '.backup-work'), copies[0] ?? '')).toMatch(
      /^\d+-[0-9a-f]+\/pg$/,
    );
    expect(await readdir(path.join(dataDir, '.backup-work'))).toEqual([]);
    expect(await listBackups(dir)).toHaveLength(1);
  });

  test('a dump that would lose a row writes no backup', async () => {
    // pglite-tools drops every line of its dump that starts with \restrict, a row's text too.
    const connection = app.orm.em.getConnection();
    await connection.execute(`create table public.notes (body text)`);
    await connection.execute(`insert into public.notes values (E'first line\\n\\\\restrict me')`);
    const dir = await folder();
    try {
      await expect(backUpShop({ dir, keep: 2 })).rejects.toThrow(/no backup written/);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await connection.execute(`drop table public.notes`);
    }
  });

  test('the seller backs up now (again at once: the same one), sees it listed, and downloads it byte for byte', async () => {
    const seller = (await signInSeller(app)).http;
    const made = backupMadeAnswerSchema.parse(
      (await seller.post('/api/backups').expect(201)).body,
    ).backup;
    // Pressed again at once: the same backup, none pushed out.
    const again = backupMadeAnswerSchema.parse(
      (await seller.post('/api/backups').expect(200)).body,
    ).backup;
    expect(again).toEqual(made);
    const listed = backupsAnswerSchema.parse((await seller.get('/api/backups').expect(200)).body);
    expect(listed).toMatchObject({ running: false, failure: null, everyHours: 0, keep: 2 });
    expect(listed.backups[0]).toEqual(made);

    const download = await seller
      .get(`/api/backups/${made.name}`)
      .buffer(true)
      .parse(asBytes)
      .expect(200)
      .expect('Content-Type', 'application/zip')
      .expect('Content-Disposition', `attachment; filename="${made.name}"`);
    expect(download.body).toEqual(await readFile(path.join(dataDir, 'backups', made.name)));

    await seller.get('/api/backups/..%2F..%2Fetc%2Fpasswd').expect(404);
    await app.http().get(`/api/backups/${made.name}`).expect(401);
  });

  test('a failed backup alerts the counter live, and the seller’s screen keeps saying why until one succeeds', async () => {
    const seller = (await signInSeller(app)).http;
    const socket = await connect(app.socket('seller', seller));
    const counter = listen(socket);
    const broken = new Backups({
      source: { kind: 'server', url: 'postgres://nobody@127.0.0.1:1/none' },
      dir: await folder(),
      dataDir,
      keep: 2,
      keys: DATA_DIR_KEYS,
      timeZone: async () => 'Asia/Kolkata',
      everyHours: 0,
      logger: createLogger('silent'),
      events: app.events,
    });
    await expect(broken.backUpNow()).rejects.toThrow();
    const status = await broken.status();
    expect(status.failure?.message).toMatch(/ECONNREFUSED|connect/);
    expect(status.backups).toEqual([]);
    const alert = await counter.waitFor<{ at: string; message: string }>('backup:failed');
    expect(alert).toEqual({
      at: status.failure?.at.toISOString(),
      message: status.failure?.message,
    });
    socket.disconnect();
  });
});
