import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, expect, test } from 'vitest';
import yazl from 'yazl';
import {
  backupName,
  listBackups,
  makeWorkFolder,
  openBackup,
  pruneBackups,
  writeBackup,
} from './backup-archive.js';

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('a picture that vanishes while the backup is written fails that backup, leaving nothing, and not the process', async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kirana-archive-'));
  const uploads = path.join(folder, 'uploads');
  const dir = path.join(folder, 'backups');
  await mkdir(uploads);
  const names = Array.from(
    { length: 40 },
    (_, index) => `picture-${String(index).padStart(2, '0')}.webp`,
  );
  for (const name of names) await writeFile(path.join(uploads, name), randomBytes(1024 * 1024));

  const work = await makeWorkFolder(folder);
  const sqlFile = path.join(work, 'database.sql');
  await writeFile(sqlFile, 'select 1;');
  const writing = writeBackup({
    dir,
    sqlFile,
    manifest: { createdAt: new Date().toISOString(), database: 'embedded', tables: {} },
    uploadsDir: uploads,
    keyFiles: [],
    timeZone: 'Asia/Kolkata',
  });
  const outcome = writing.then(
    () => 'written',
    (error: NodeJS.ErrnoException) => error.code,
  );
  // The last picture goes once the backup is being written.
  const started = () =>
    readdir(dir).then(
      (names) => names.length > 0,
      () => false,
    );
  while (!(await started())) await new Promise((resolve) => setTimeout(resolve, 1));
  await unlink(path.join(uploads, names.at(-1) ?? ''));

  expect(await outcome).toBe('ENOENT');
  expect(await readdir(dir)).toEqual([]);
});

test('a backup is named by its time on the shop’s clock with the offset, never with a colon', () => {
  const at = new Date('2026-12-06T04:00:00.000Z');
  expect(backupName(at, 'Asia/Kolkata')).toBe('kirana-2026-12-06T09-30-00-000+0530.zip');
  expect(backupName(at, 'America/New_York')).toBe('kirana-2026-12-05T23-00-00-000-0500.zip');
  expect(backupName(at, 'UTC')).toBe('kirana-2026-12-06T04-00-00-000+0000.zip');
});

test('backups named in UTC (earlier versions) and on the shop’s clock list, and are pruned, by their time', async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kirana-archive-'));
  // Oldest to newest: 02:00, 03:00, 04:00, 05:00 UTC, with names that do not sort so by text.
  const names = [
    'kirana-2026-12-06T07-30-00-000+0530.zip',
    'kirana-2026-12-06T03-00-00-000Z.zip',
    'kirana-2026-12-05T23-00-00-000-0500.zip',
    'kirana-2026-12-06T05-00-00-000Z.zip',
  ];
  for (const name of names) await writeFile(path.join(folder, name), name);

  const listed = await listBackups(folder);
  expect(listed.map((backup) => backup.name)).toEqual([...names].reverse());
  expect(listed.map((backup) => backup.createdAt.toISOString())).toEqual([
    '2026-12-06T05:00:00.000Z',
    '2026-12-06T04:00:00.000Z',
    '2026-12-06T03:00:00.000Z',
    '2026-12-06T02:00:00.000Z',
  ]);

  await pruneBackups(folder, 2);
  expect((await readdir(folder)).sort()).toEqual([names[2], names[3]].sort());
});

test('a backup whose database.sql would unpack to hundreds of times its size (a zip bomb) is refused before it is read', async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kirana-archive-'));
  const file = path.join(folder, 'kirana-2026-12-06T09-30-00-000+0530.zip');
  const row = `('01a24a39-3840-737c-ad98-d9ccd76f1d96', 'Vegetables', 1, false),\n`;
  const megabyte = Buffer.from(row.repeat(Math.ceil((1024 * 1024) / row.length)));
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify({ format: 1, tables: {} })), 'kirana-backup.json');
  zip.addReadStream(
    Readable.from(
      (function* () {
        yield Buffer.from('INSERT INTO public.categories VALUES\n');
        for (let sent = 0; sent < 200; sent++) yield megabyte;
      })(),
    ),
    'database.sql',
  );
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));

  global.gc?.();
  const heap = process.memoryUsage().heapUsed;
  await expect(openBackup(file)).rejects.toThrow(
    /its database.sql would unpack to \d+ bytes from \d+, more than 200 times its size/,
  );
  expect(process.memoryUsage().heapUsed - heap).toBeLessThan(32 * 1024 * 1024);
}, 120_000);

test('a backup holding a file other than a picture under uploads/ is refused before anything is written', async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kirana-archive-'));
  const file = path.join(folder, 'kirana-2026-12-06T09-30-00-000+0530.zip');
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify({ format: 1, tables: {} })), 'kirana-backup.json');
  zip.addBuffer(Buffer.from(''), 'database.sql');
  zip.addBuffer(Buffer.from('webp'), 'uploads/products/plum-800.webp');
  zip.addBuffer(Buffer.from('<script src="x.js"></script>'), 'uploads/x.html');
  zip.addBuffer(Buffer.from('alert(document.cookie)'), 'uploads/x.js');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  await expect(openBackup(file)).rejects.toThrow(
    `${file} is no Kirana backup: its uploads/x.html is not a picture (a .webp, .avif, .png, .jpg or .jpeg file)`,
  );
});

test('a backup carries only the pictures of DATA_DIR/uploads, not other files put there', async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kirana-archive-'));
  const uploads = path.join(folder, 'uploads');
  await mkdir(path.join(uploads, 'products'), { recursive: true });
  await writeFile(path.join(uploads, 'products', 'plum-800.webp'), 'webp');
  await writeFile(path.join(uploads, 'notes.txt'), 'text');
  const sqlFile = path.join(folder, 'database.sql');
  await writeFile(sqlFile, '');
  const written = await writeBackup({
    dir: path.join(folder, 'backups'),
    sqlFile,
    manifest: { createdAt: new Date().toISOString(), database: 'embedded', tables: {} },
    uploadsDir: uploads,
    keyFiles: [],
    timeZone: 'UTC',
  });
  const backup = await openBackup(written.path);
  try {
    expect(backup.manifest.pictures).toBe(1);
    const restored = path.join(folder, 'restored');
    await mkdir(restored);
    expect(await backup.extractPictures(restored)).toBe(1);
    expect(await readdir(restored, { recursive: true })).toEqual([
      'products',
      'products/plum-800.webp',
    ]);
  } finally {
    backup.close();
  }
});
