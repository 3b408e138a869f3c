import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry } from 'yauzl';
import yazl from 'yazl';
import { PICTURE_EXTENSIONS, pictureType } from '../../lib/image-name.js';
import type { TableFingerprints } from './fingerprints.js';

/*
 * A backup is one .zip (docs/backups.md#what-a-backup-holds): `kirana-backup.json` (what it holds),
 * `database.sql` (pg_dump's plain SQL), `uploads/` (the pictures of DATA_DIR/uploads) and
 * `keys/` (the keys generated into DATA_DIR: session secret, VAPID keys…).
 * Written under a temporary name and renamed once complete, so that a file with a backup's name
 * is always whole.
 */

const MANIFEST = 'kirana-backup.json';
const DATABASE_SQL = 'database.sql';
const UPLOADS = 'uploads/';
const KEYS = 'keys/';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Where the shop's data was: the embedded database, or a PostgreSQL server. */
  database: 'embedded' | 'server';
  tables: TableFingerprints;
  pictures: number;
}

/** A backup in BACKUP_DIR. */
export interface BackupFile {
  name: string;
  path: string;
  bytes: number;
  createdAt: Date;
}

/**
 * A backup's name: its time on the shop's clock with the offset from UTC, as the seller's screen
 * shows it (`kirana-2026-12-06T09-30-00-000+0530.zip`), or in UTC as earlier versions named it
 * (`…-000Z.zip`); no ':', which Windows refuses in a name.
 */
const NAME = /^kirana-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})(Z|[+-]\d{4})\.zip$/;
/**
 * A backup's file until it is whole, named by the process writing it (and at random); also the
 * name that earlier versions gave it, `.kirana-<time>.zip.<pid>-<random>.partial`.
 */
const PARTIAL = /^\.kirana-(?:.*\.zip\.)?(\d+)-[0-9a-f]+\.partial$/;
/** DATA_DIR's folder of the backups being made: one folder each, named by process and at random. */
const WORK_FOLDERS = '.backup-work';
const WORK_FOLDER = /^(\d+)-[0-9a-f]+$/;

/**
 * The backup's name for `time` on the clock of `timeZone` (the shop's): valid on every file
 * system, and in time order within one offset (listBackups orders by the time it names).
 */
export function backupName(time: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(time)
      .map((part) => [part.type, part.value]),
  );
  // 'GMT+05:30', 'GMT-03:00', or 'GMT' alone for UTC.
  const [, sign = '+', hours = '00', minutes = '00'] =
    /GMT([+-])(\d{2}):?(\d{2})?/.exec(parts.timeZoneName ?? '') ?? [];
  const { year, month, day, hour, minute, second, fractionalSecond } = parts;
  return `kirana-${year}-${month}-${day}T${hour}-${minute}-${second}-${fractionalSecond}${sign}${hours}${minutes}.zip`;
}

/** A name of this process's own, at random, matched by `WORK_FOLDER` (and within `PARTIAL`). */
const ownName = () => `${process.pid}-${randomBytes(3).toString('hex')}`;

/**
 * Makes the folder where a backup is made (its database's copy and its dump) or a restore (its
 * database, pictures and keys until they are whole), removed once done, or by a later backup or
 * restore if this process is killed. It is in DATA_DIR, beside the database: the
 * copy is quick on its disk, while every query waits for it, and never lands in BACKUP_DIR (a USB
 * drive, a folder a sync client uploads).
 */
export async function makeWorkFolder(dataDir: string): Promise<string> {
  const folders = path.join(dataDir, WORK_FOLDERS);
  // Backups hold password hashes and the shop's keys: this user's alone.
  await mkdir(folders, { recursive: true, mode: 0o700 });
  await removeLeftovers(folders, WORK_FOLDER);
  const work = path.join(folders, ownName());
  await mkdir(work, { mode: 0o700 });
  return work;
}

/**
 * Writes the backup of the dump `sqlFile` and the pictures under `uploadsDir` (if any) into
 * `dir`.
 * @returns the new file.
 */
export async function writeBackup(options: {
  dir: string;
  sqlFile: string;
  manifest: Omit<BackupManifest, 'format' | 'pictures'>;
  /** DATA_DIR/uploads (there may be none). */
  uploadsDir: string;
  /** The key files to carry (those that exist). */
  keyFiles: readonly string[];
  /** The shop's time zone, in which the backup is named. */
  timeZone: string;
}): Promise<BackupFile> {
  const { dir, uploadsDir } = options;
  const keyFiles = await existing(options.keyFiles);
  const createdAt = new Date(options.manifest.createdAt);
  const name = backupName(createdAt, options.timeZone);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = path.join(dir, `.kirana-${ownName()}.partial`);
  const pictures = await filesUnder(uploadsDir);
  const manifest: BackupManifest = { format: 1, ...options.manifest, pictures: pictures.length };
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600 }));
  // A picture that vanishes or cannot be read as it is packed fails this backup, not the server
  // (and the write, cut short then, is no unhandled rejection).
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  written.catch(() => {});
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST, { mtime: createdAt });
  zip.addFile(options.sqlFile, DATABASE_SQL, { mtime: createdAt });
  for (const file of keyFiles) zip.addFile(file, `${KEYS}${path.basename(file)}`);
  // Pictures are compressed already (WebP, JPEG): stored as they are.
  for (const file of pictures)
    zip.addFile(path.join(uploadsDir, file), `${UPLOADS}${file.split(path.sep).join('/')}`, {
      compress: false,
    });
  zip.end();
  try {
    await Promise.race([written, failed]);
    // On the disk before it takes a backup's name: a power cut never leaves a torn one so named.
    await syncFile(partial);
    await rename(partial, path.join(dir, name));
    await syncFile(dir);
  } catch (error) {
    if (zip.outputStream instanceof Readable) zip.outputStream.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return describe(dir, name);
}

/** Flushes `file` (or a folder's entries) to the disk. */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Those of `files` that exist. */
async function existing(files: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    files.map((file) =>
      stat(file).then(
        () => file,
        () => null,
      ),
    ),
  );
  return found.filter((file) => file !== null);
}

/**
 * The pictures under `root` (files a store serves: no other file, no picture still being written),
 * relative to it; none when it does not exist.
 */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => pictureType(file.split(path.sep).join('/')))
    .sort();
}

async function describe(dir: string, name: string): Promise<BackupFile> {
  const file = path.join(dir, name);
  const match = NAME.exec(name);
  if (!match) throw new Error(`${name} is not named as a backup`);
  const [, day, hours, minutes, seconds, ms, offset = 'Z'] = match;
  const zone = offset === 'Z' ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return {
    name,
    path: file,
    bytes: (await stat(file)).size,
    createdAt: new Date(`${day}T${hours}:${minutes}:${seconds}.${ms}${zone}`),
  };
}

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const described = await Promise.all(
    names
      .filter((name) => NAME.test(name))
      .map((name) =>
        describe(dir, name).catch((error: NodeJS.ErrnoException) => {
          // Pruned by another backup meanwhile.
          if (error.code === 'ENOENT') return null;
          throw error;
        }),
      ),
  );
  // By the time each names: names in UTC (earlier versions) and in other offsets (the shop
  // moved, summer time) do not sort by their text.
  return described
    .filter((backup) => backup !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * Keeps the newest `keep` backups of `dir` and removes the older ones, and the file of a backup
 * that never finished (the server stopped mid-way).
 */
export async function pruneBackups(dir: string, keep: number): Promise<void> {
  for (const backup of (await listBackups(dir)).slice(keep)) await rm(backup.path, { force: true });
  await removeLeftovers(dir, PARTIAL);
}

/** Removes what of `dir` is named by `pattern` after a process that no longer runs. */
async function removeLeftovers(dir: string, pattern: RegExp): Promise<void> {
  for (const name of await readdir(dir)) {
    const writer = pattern.exec(name)?.[1];
    if (writer !== undefined && !isRunning(Number(writer)))
      await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Whether a process `pid` runs on this machine (one being written by it is not a leftover). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A backup opened for a restore. */
export interface OpenedBackup {
  manifest: BackupManifest;
  /** The names of its key files (under keys/). */
  keys: string[];
  /** Its database.sql, read anew from the file at each call. */
  openSql(): Promise<Readable>;
  /** Writes the backup's pictures under `dir` (DATA_DIR/uploads); their count. */
  extractPictures(dir: string): Promise<number>;
  /** Writes the backup's key files into `dir`, readable by this user only. */
  extractKeys(dir: string): Promise<void>;
  close(): void;
}

/**
 * How much larger than its packed size a file of a backup may be. SQL packs to a fifth or a
 * tenth, pictures not at all; a file a thousand times larger (a zip bomb) is refused before it
 * is read. yauzl counts what it unpacks against the size a file declares (validateEntrySizes).
 */
const MAX_RATIO = 200;
/** Below this size, a file's ratio does not matter (a dump of an empty shop packs well). */
const SMALL_FILE = 1024 * 1024;
/** The manifest is read whole: a few kilobytes. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** @throws Error naming what is wrong when `file` is not a Kirana backup. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const zip = await yauzl
    .openPromise(file, { lazyEntries: true, validateEntrySizes: true, autoClose: false })
    .catch((error: Error) => {
      throw new Error(`${file} is not a Kirana backup (.zip): ${error.message}`);
    });
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) {
      if (
        entry.uncompressedSize > SMALL_FILE &&
        entry.uncompressedSize > entry.compressedSize * MAX_RATIO
      )
        throw new Error(
          `${file} is no backup: its ${entry.fileName} would unpack to ${entry.uncompressedSize} bytes from ${entry.compressedSize}, more than ${MAX_RATIO} times its size`,
        );
      entries.set(entry.fileName, entry);
    }
    const entryOf = (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw new Error(`${file} is not a Kirana backup: it has no ${name}`);
      return entry;
    };
    const manifestEntry = entryOf(MANIFEST);
    if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES)
      throw new Error(`${file} is not a Kirana backup: its ${MANIFEST} is too large`);
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(manifestEntry))
      chunks.push(chunk as Buffer);
    const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
    if (manifest.format !== 1)
      throw new Error(
        `${file} is a backup of format ${manifest.format}, which this Kirana cannot read`,
      );
    const sql = entryOf(DATABASE_SQL);
    const under = (folder: string) =>
      [...entries].filter(([name]) => name.startsWith(folder) && !name.endsWith('/'));
    // Refused whole, before anything is written: a file that is no picture (x.html, x.js) would
    // be served from the shop's own address.
    for (const [name] of under(UPLOADS))
      if (!pictureType(name.slice(UPLOADS.length)))
        throw new Error(
          `${file} is no Kirana backup: its ${name} is not a picture (a ${PICTURE_EXTENSIONS.slice(0, -1).join(', ')} or ${PICTURE_EXTENSIONS.at(-1)} file)`,
        );
    return {
      manifest,
      keys: under(KEYS).map(([name]) => name.slice(KEYS.length)),
      openSql: () => zip.openReadStreamPromise(sql),
      async extractPictures(dir) {
        let count = 0;
        for (const [name, entry] of under(UPLOADS)) {
          // A picture's name (checked above): no `..`, no absolute path.
          const target = path.join(dir, name.slice(UPLOADS.length));
          await mkdir(path.dirname(target), { recursive: true });
          await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(target));
          count++;
        }
        return count;
      },
      async extractKeys(dir) {
        for (const [name, entry] of under(KEYS)) {
          const target = path.join(dir, path.basename(name));
          await pipeline(
            await zip.openReadStreamPromise(entry),
            createWriteStream(target, { mode: 0o600 }),
          );
          await chmod(target, 0o600);
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
