// npm run backup / npm run restore -- FILE: builds what changed, then backs the shop up into
// BACKUP_DIR, or restores a backup into an empty DATA_DIR or DATABASE_URL (server/src/backup-cli.ts).
import { ensureNode } from './node.mjs';

await ensureNode();
const { buildThenRun } = await import('./build.mjs');
await buildThenRun(['server/dist/backup-cli.js', ...process.argv.slice(2)]);
