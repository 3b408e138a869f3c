// Every speed target measured in one run, each beside its ceiling: runs the benches one after
// another (never two at once), each with `--targets FILE` (bench/targets-file.mjs), then prints
// one table of every figure against its target, as bench/README.md shows it. Run after
// `npm run build`, with PostgreSQL and Redis (the orders' ceiling and the two-instance live
// updates need them):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     node bench/targets.mjs [--only embedded-memory,catalogue-scale,catalogue,orders,realtime]
// Figures only; exits 1 when a bench fails to run, not when a target is missed. Bounded: each
// bench stops itself, and this run gives up after 60 minutes.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// Lighthouse's score of one page moves with the machine from run to run: its variability guide
// has the median of five runs twice as stable as one, so each page is audited five times.
const BENCHES = [
  { name: 'embedded-memory', args: [] },
  { name: 'catalogue-scale', args: ['--db', 'postgres', '--lighthouse', '5'] },
  { name: 'catalogue', args: [] },
  { name: 'orders', args: [] },
  { name: 'realtime', args: ['--sockets', '5000'] },
  { name: 'realtime', args: ['--sockets', '10000', '--instances', '2'] },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const ROOT = path.resolve(import.meta.dirname, '..');
for (const variable of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[variable]) {
    console.error(`bench/targets: set ${variable} (see the header of bench/targets.mjs)`);
    process.exit(2);
  }
}

const deadline = setTimeout(() => {
  console.error('bench/targets: gave up after 60 minutes');
  process.exit(1);
}, 60 * 60_000);
deadline.unref();

/** Runs one bench with its output shown; resolves with its exit code. */
function run(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`bench/${name}.mjs`, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const folder = await mkdtemp(path.join(tmpdir(), 'kirana-targets-'));
const file = path.join(folder, 'targets.jsonl');
const started = new Date();
const loadBefore = loadavg()[0];
const failed = [];
for (const { name, args } of BENCHES) {
  if (only && !only.includes(name)) continue;
  console.log(`\n=== node bench/${name}.mjs ${args.join(' ')}`);
  const code = await run(name, [...args, '--targets', file]);
  if (code !== 0) failed.push(`${name} ${args.join(' ')} (exit ${code})`);
}

const figures = (await readFile(file, 'utf8').catch(() => ''))
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
await rm(folder, { recursive: true, force: true });

const cell = (text) => String(text ?? '').replaceAll('|', '\\|');
console.log(
  `\nEvery target, one run: ${started.toISOString().slice(0, 16)} UTC, ${cpus().length} cores, ` +
    `load average ${loadBefore.toFixed(1)} before / ${loadavg()[0].toFixed(1)} after`,
);
console.log('\n| figure | measured | ceiling, same run | target | met |');
console.log('|---|---|---|---|---|');
for (const { figure, value, unit, target, met, ceiling } of figures) {
  console.log(
    `| ${cell(figure)} | ${cell(value)} ${cell(unit)} | ${cell(ceiling ?? '—')} | ${cell(target)} | ${met ? 'yes' : '**no**'} |`,
  );
}
console.log(`\n${figures.filter((figure) => figure.met).length} of ${figures.length} targets met`);
if (failed.length > 0) {
  console.error(`benches that failed to run: ${failed.join('; ')}`);
  process.exit(1);
}
