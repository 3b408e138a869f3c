import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { makeWorkFolder, writeBackup } from './backup-archive.js';

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
