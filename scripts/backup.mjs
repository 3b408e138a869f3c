// npm run backup / npm run restore -- FILE: builds what changed, then backs the shop up into
// BACKUP_DIR, or restores a backup into an empty DATA_DIR or DATABASE_URL (server/src/backup-cli.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureNode, followChild } from './node.mjs';

await ensureNode();
const { build } = await import('./build.mjs');
await build({ quiet: true }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
const root = path.resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['server/dist/backup-cli.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
await followChild(child);
