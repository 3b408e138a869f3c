import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import Koa from 'koa';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from '../../db/orm.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { serveUploads } from './serve-uploads.js';
import { useTestApp } from '../../test/fixtures.js';
import { picture } from '../../test/factories.js';
import { createLogger } from '../../lib/logger.js';
import { DatabaseImageStore } from './database-image-store.js';
import { LocalImageStore, type ImageStore } from './image-store.js';
import { storeImage } from './images.js';
import { openImageStore } from './open-image-store.js';
import { StoredImageSchema } from './stored-image.entity.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await openDatabase({ url: inject('databaseUrl'), embedded: inject('databaseEmbedded') });
});
afterAll(() => orm.close());

/** Names of this run's own, as the test database is shared with other test files. */
const unique = () => `test-${randomUUID()}`;
const etagOf = (data: Buffer) => `"${createHash('sha256').update(data).digest('base64url')}"`;
const rowOf = (name: string) =>
  orm.em.fork().findOne(StoredImageSchema, { name }, { populate: ['bytes'] });

/** Only the uploads middleware over `store`, and a 404 after it, as in the app. */
function serve(store: ImageStore) {
  const app = new Koa<AppState, AppContext>();
  app.use(serveUploads(store));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'fell through';
  });
  return supertest(app.callback());
}

describe.each([
  ['with its memory of hot pictures', undefined],
  ['with no memory (every answer from the table)', 0],
])('the database image store %s', (_, cacheBytes) => {
  let store: DatabaseImageStore;
  let http: ReturnType<typeof serve>;
  beforeAll(() => {
    store = new DatabaseImageStore(orm, { cacheBytes });
    http = serve(store);
  });

  test('stores a picture that has() then finds, and serves its bytes with a strong ETag and a year of cache', async () => {
    const name = `${unique()}/apple-800.webp`;
    const data = await picture('webp');
    expect(await store.has(name)).toBe(false);
    await store.put(name, data);
    expect(await store.has(name)).toBe(true);

    for (let request = 0; request < 2; request += 1) {
      const response = await http.get(`/uploads/${name}`).expect(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['etag']).toBe(etagOf(data));
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-length']).toBe(String(data.length));
      expect(Buffer.compare(response.body as Buffer, data)).toBe(0);
    }
    const row = await rowOf(name);
    expect(row).toMatchObject({ contentType: 'image/webp', size: data.length });
    expect(`"${row!.etag}"`).toBe(etagOf(data));
  });

  test('answers 304 with no body to If-None-Match naming its ETag, weak or among others', async () => {
    const name = `${unique()}/mango-200.webp`;
    const data = await picture('webp', 200, 200);
    await store.put(name, data);
    const etag = etagOf(data);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await http.get(`/uploads/${name}`).set('If-None-Match', header).expect(304);
      expect(response.headers['etag']).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.text ?? '').toBe('');
    }
    await http.head(`/uploads/${name}`).set('If-None-Match', etag).expect(304);
  });

  test('sends the bytes again to an If-None-Match of other bytes, or with Cache-Control: no-cache', async () => {
    const name = `${unique()}/okra-400.webp`;
    const data = await picture('webp', 400, 400);
    await store.put(name, data);
    const stale = await http
      .get(`/uploads/${name}`)
      .set('If-None-Match', '"not-these"')
      .expect(200);
    expect(Buffer.compare(stale.body as Buffer, data)).toBe(0);
    const reload = await http
      .get(`/uploads/${name}`)
      .set('If-None-Match', etagOf(data))
      .set('Cache-Control', 'no-cache')
      .expect(200);
    expect(Buffer.compare(reload.body as Buffer, data)).toBe(0);
  });

  test('answers HEAD with the headers of GET and no body', async () => {
    const name = `${unique()}/lime-800.webp`;
    const data = await picture('webp');
    await store.put(name, data);
    // Before and after a GET (which, with memory, keeps the picture in it).
    for (const before of [true, false]) {
      if (!before) await http.get(`/uploads/${name}`).expect(200);
      const head = await http.head(`/uploads/${name}`).expect(200);
      expect(head.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(data.length),
        etag: etagOf(data),
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(head.body).toEqual({});
    }
  });

  test('put is idempotent on the name: one row, the latest bytes, its first creation time', async () => {
    const name = `${unique()}/tile.webp`;
    const first = await picture('webp', 100, 100);
    const second = await picture('webp', 120, 120);
    await store.put(name, first);
    await http.get(`/uploads/${name}`).expect(200);
    const created = (await rowOf(name))!.createdAt;
    await store.put(name, second);
    await store.put(name, second);

    expect(await orm.em.fork().count(StoredImageSchema, { name })).toBe(1);
    const row = await rowOf(name);
    expect(Buffer.compare(row!.bytes as Buffer, second)).toBe(0);
    expect(row!.createdAt).toEqual(created);
    const response = await http.get(`/uploads/${name}`).expect(200);
    expect(response.headers['etag']).toBe(etagOf(second));
    expect(Buffer.compare(response.body as Buffer, second)).toBe(0);
  });

  test('removes a picture, served before (and kept in memory), so that it is served no more; a name it lacks is no error', async () => {
    const name = `${unique()}/gone-800.webp`;
    await store.put(name, await picture('webp'));
    await http.get(`/uploads/${name}`).expect(200);
    await store.remove(name);
    await store.remove(name);

    expect(await store.has(name)).toBe(false);
    await http.get(`/uploads/${name}`).expect(404);
  });

  test('a name it lacks, or that is no image name, goes on to the next middleware', async () => {
    for (const url of [
      `/uploads/${unique()}/none-800.webp`,
      '/uploads/',
      '/uploads/demo/',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/stored_images',
      '/uploads/demo/.hidden.webp',
      '/uploads/demo//apple-800.webp',
      '/uploads/%E0%A4%A',
      '/uploads/%00',
      `/uploads/${'a'.repeat(300)}.webp`,
    ]) {
      const response = await http.get(url).expect(404);
      expect(response.text).toBe('fell through');
    }
    await http.post(`/uploads/${unique()}.webp`).expect(404);
  });

  test('refuses to store under a name that is no image name or no picture type', async () => {
    const data = await picture('webp', 10, 10);
    for (const name of [
      '../escape.webp',
      '/absolute.webp',
      'a//b.webp',
      '.hidden.webp',
      'x/../y.webp',
      'notes.txt',
      'noextension',
      '',
    ]) {
      await expect(store.put(name, data)).rejects.toThrow();
    }
    await expect(store.has('../escape.webp')).rejects.toThrow();
  });
});

describe('the database image store’s memory of hot pictures', () => {
  test('serves a hot picture from memory without reading the table again', async () => {
    const store = new DatabaseImageStore(orm);
    const http = serve(store);
    const name = `${unique()}/hot-800.webp`;
    const data = await picture('webp');
    await store.put(name, data);
    await http.get(`/uploads/${name}`).expect(200);
    // Removed behind its back: only memory can still answer.
    await orm.em.fork().nativeDelete(StoredImageSchema, { name });
    const response = await http.get(`/uploads/${name}`).expect(200);
    expect(Buffer.compare(response.body as Buffer, data)).toBe(0);
  });

  test('keeps at most its budget of bytes, letting the least recently used go first', async () => {
    const size = 1000;
    const store = new DatabaseImageStore(orm, { cacheBytes: 16 * size });
    const http = serve(store);
    const prefix = unique();
    const names = Array.from({ length: 20 }, (_, index) => `${prefix}/p${index}.webp`);
    for (const name of names) await store.put(name, Buffer.alloc(size, name));
    for (const name of names.slice(0, 16)) await http.get(`/uploads/${name}`).expect(200);
    // The first one used again: the most recent now, so the next four push out 1 … 4.
    await http.get(`/uploads/${names[0]}`).expect(200);
    for (const name of names.slice(16)) await http.get(`/uploads/${name}`).expect(200);
    await orm.em.fork().nativeDelete(StoredImageSchema, { name: { $in: names } });

    for (const index of [1, 2, 3, 4]) await http.get(`/uploads/${names[index]}`).expect(404);
    for (const index of [0, 5, 10, 15, 16, 19])
      await http.get(`/uploads/${names[index]}`).expect(200);
  });

  test('keeps no picture larger than a sixteenth of its budget', async () => {
    const store = new DatabaseImageStore(orm, { cacheBytes: 16_000 });
    const http = serve(store);
    const name = `${unique()}/big.webp`;
    await store.put(name, Buffer.alloc(1001));
    await http.get(`/uploads/${name}`).expect(200);
    await orm.em.fork().nativeDelete(StoredImageSchema, { name });
    await http.get(`/uploads/${name}`).expect(404);
  });
});

describe('copying a folder of pictures into the database store', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kirana-copy-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test('copies the pictures the database lacks, once, and leaves other files alone', async () => {
    const prefix = unique();
    const files = new LocalImageStore(root);
    const store = new DatabaseImageStore(orm);
    await files.put(`${prefix}/a-200.webp`, Buffer.from('a'));
    await files.put(`${prefix}/b-200.webp`, Buffer.from('b'));
    await store.put(`${prefix}/b-200.webp`, Buffer.from('b already'));
    await mkdir(path.join(root, prefix, 'notes'), { recursive: true });
    await writeFile(path.join(root, prefix, 'notes', 'readme.txt'), 'not a picture');
    await writeFile(path.join(root, prefix, 'c-200.webp.1a2b3c4d.partial'), 'half');

    const copied = await store.copyFrom(files);
    expect(copied).toBe(1);
    expect((await rowOf(`${prefix}/a-200.webp`))!.bytes).toEqual(Buffer.from('a'));
    expect((await rowOf(`${prefix}/b-200.webp`))!.bytes).toEqual(Buffer.from('b already'));
    expect(await orm.em.fork().count(StoredImageSchema, { name: { $like: `${prefix}/%` } })).toBe(
      2,
    );
    expect(await store.copyFrom(files)).toBe(0);
  });

  test('UPLOADS=database at start copies DATA_DIR/uploads into the database; files keeps the folder', async () => {
    const prefix = unique();
    const dataDir = path.join(root, unique());
    await new LocalImageStore(path.join(dataDir, 'uploads')).put(
      `${prefix}/old-800.webp`,
      Buffer.from('old'),
    );
    const logger = createLogger('silent');

    const files = await openImageStore({ uploads: 'files', dataDir, orm, logger });
    expect(files).toBeInstanceOf(LocalImageStore);
    expect(await files.has(`${prefix}/old-800.webp`)).toBe(true);
    expect(await rowOf(`${prefix}/old-800.webp`)).toBeNull();

    const database = await openImageStore({ uploads: 'database', dataDir, orm, logger });
    expect(database).toBeInstanceOf(DatabaseImageStore);
    expect((await rowOf(`${prefix}/old-800.webp`))!.bytes).toEqual(Buffer.from('old'));
  });

  test('a missing folder has nothing to copy', async () => {
    const store = new DatabaseImageStore(orm);
    expect(await store.copyFrom(new LocalImageStore(path.join(root, 'absent')))).toBe(0);
  });
});

describe('the app with UPLOADS=database', () => {
  const app = useTestApp({ uploads: 'database' });
  const files = useTestApp({ uploads: 'files' });

  test('serves each width of a stored picture at /uploads, with the security headers of every answer', async () => {
    const key = `${unique()}/pear`;
    const url = await storeImage(app.store, key, await picture('png', 900, 600));
    expect(url).toBe(`/uploads/${key}-800.webp`);
    for (const width of [200, 400, 800]) {
      const response = await app.http().get(`/uploads/${key}-${width}.webp`).expect(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('answers a missing picture exactly as the files store does', async () => {
    const fromDatabase = await app.http().get('/uploads/demo/none-800.webp');
    const fromFiles = await files.http().get('/uploads/demo/none-800.webp');
    expect(fromDatabase.status).toBe(404);
    expect({ type: fromDatabase.headers['content-type'], body: fromDatabase.text }).toEqual({
      type: fromFiles.headers['content-type'],
      body: fromFiles.text,
    });
  });
});

describe('the files store', () => {
  const app = useTestApp();

  test('answers 304 to the ETag it sent, and the bytes with a year of cache otherwise', async () => {
    const data = await picture('webp', 64, 64);
    await app.store.put('demo/plum-800.webp', data);
    const first = await app.http().get('/uploads/demo/plum-800.webp').expect(200);
    expect(first.headers['cache-control']).toBe('max-age=31536000,immutable');
    expect(first.headers['etag']).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Buffer.compare(first.body as Buffer, data)).toBe(0);
    await app
      .http()
      .get('/uploads/demo/plum-800.webp')
      .set('If-None-Match', first.headers['etag']!)
      .expect(304);
    await app.http().head('/uploads/demo/plum-800.webp').expect(200);
  });

  test('serves only pictures: another file put in its folder is not found', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'kirana-files-'));
    try {
      const http = serve(new LocalImageStore(root));
      await writeFile(path.join(root, 'x.html'), '<script src="x.js"></script>');
      await writeFile(path.join(root, 'x.js'), 'alert(document.cookie)');
      await writeFile(path.join(root, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await writeFile(path.join(root, 'notes'), 'text');
      for (const name of ['x.html', 'x.js', 'x.svg', 'notes']) {
        const response = await http.get(`/uploads/${name}`).expect(404);
        expect(response.text).toBe('fell through');
      }
      await writeFile(path.join(root, 'plum-800.webp'), await picture('webp', 8, 8));
      await http.get('/uploads/plum-800.webp').expect(200).expect('Content-Type', 'image/webp');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
