import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmbeddedDatabase } from './db/embedded.js';
import { openDatabase } from './db/orm.js';
import { listBackups, openBackup } from './modules/backup/backup-archive.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PICTURES = 400;

let dataDir: string;
let backupDir: string;

/** `npm run backup`'s program, from source, on `dataDir`. */
function backUp(keep = 14) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'PORT'].includes(name)),
  );
  return spawn(
    process.execPath,
    ['--conditions=@kirana/source', '--import', 'tsx', 'server/src/backup-cli.ts', 'backup'],
    {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: String(keep) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** `npm run restore -- FILE`'s program, from source, into `target` (its DATA_DIR). */
function restore(file: string, target: string) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'PORT'].includes(name)),
  );
  return spawn(
    process.execPath,
    ['--conditions=@kirana/source', '--import', 'tsx', 'server/src/backup-cli.ts', 'restore', file],
    { cwd: ROOT, env: { ...env, DATA_DIR: target }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

const finished = (child: ReturnType<typeof spawn>) =>
  new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-backup-kill-'));
  backupDir = path.join(dataDir, 'backups');
  // A shop on the embedded database, with enough pictures that writing the backup takes a while.
  const database = await startEmbeddedDatabase(dataDir);
  const orm = await openDatabase({ url: database.url, embedded: true });
  await orm.close(true);
  await database.close();
  await mkdir(path.join(dataDir, 'uploads', 'catalogue'), { recursive: true });
  for (let index = 0; index < PICTURES; index++)
    await writeFile(
      path.join(dataDir, 'uploads', 'catalogue', `picture-${index}.webp`),
      randomBytes(256 * 1024),
    );
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('a backup killed (-9) while it writes leaves no file that looks whole; the next one succeeds, and BACKUP_KEEP are kept', async () => {
  const child = backUp();
  // Killed as soon as the backup's file is being written (under a name of its own, in BACKUP_DIR;
  // its database's copy and dump in DATA_DIR/.backup-work).
  let partial: string | undefined;
  const writing = async () =>
    (await readdir(backupDir).catch(() => [])).find((name) => name.endsWith('.partial'));
  while (partial === undefined && child.exitCode === null) {
    partial = await writing();
    if (partial === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(partial, 'the backup was written before it could be killed').toBeDefined();
  child.kill('SIGKILL');
  await finished(child);
  expect(await listBackups(backupDir)).toEqual([]);
  expect(await readdir(backupDir)).toEqual([partial]);
  const work = path.join(dataDir, '.backup-work');
  expect(await readdir(work)).toHaveLength(1);

  // The next backup is whole, and clears what the killed one left in both.
  expect(await finished(backUp(2))).toBe(0);
  const [backup] = await listBackups(backupDir);
  expect(await readdir(backupDir)).toEqual([backup?.name]);
  expect(await readdir(work)).toEqual([]);
  const opened = await openBackup(backup?.path ?? '');
  opened.close();
  expect(opened.manifest.pictures).toBe(PICTURES);

  // Retention: exactly BACKUP_KEEP stay.
  for (let run = 0; run < 2; run++) expect(await finished(backUp(2))).toBe(0);
  expect(await listBackups(backupDir)).toHaveLength(2);
}, 180_000);

test('a refused restore leaves DATA_DIR as it was: no key generated into it, none made', async () => {
  const notABackup = path.join(dataDir, 'notes.zip');
  await writeFile(notABackup, 'hello');
  const empty = await mkdtemp(path.join(tmpdir(), 'kirana-restore-target-'));
  try {
    for (const target of [empty, path.join(empty, 'new')]) {
      const child = restore(notABackup, target);
      let said = '';
      child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
      expect(await finished(child)).toBe(1);
      expect(said).toMatch(/^kirana: nothing restored: .*notes\.zip is not a Kirana backup/);
    }
    expect(await readdir(empty)).toEqual([]);
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
}, 60_000);
