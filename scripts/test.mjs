// npm test: Vitest's run of every project (vitest.config.ts), on a recent enough Node.
//   npm test [-- vitest arguments]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureNode, followChild } from './node.mjs';

await ensureNode();
const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
await followChild(
  spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  }),
);
