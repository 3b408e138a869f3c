// What a first visit downloads, in gzipped JavaScript, for the storefront's `/` and the agents'
// `/agents`, computed from the built web app's Vite manifest. Run after `npm run build`:
//   node bench/bundle-size.mjs
// Figures only, no assertions: the budgets (150 kB for `/`, 100 kB for `/agents`) are printed
// beside them so a change that grows the first load is seen in review (e2e/storefront-ssr.spec.ts
// fails a build whose `/` is over its budget).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${manifestPath}: run \`npm run build\` first (${error.message}).`);
  process.exit(1);
}

// Kilobytes of 1000 bytes, as Vite's build report counts them.
const KB = 1000;

/**
 * The modules (keys of the manifest: source paths) loaded lazily on a first visit of each URL: the
 * app itself, then per web/src/app/router.ts the app's layout and the matched screen.
 */
const FIRST_LOADS = [
  {
    url: '/',
    entry: 'index.html',
    budgetKb: 150,
    // main.tsx starts the app (src/app/start.tsx) after the server-rendered page's first paint.
    routeModules: [
      'src/app/start.tsx',
      'src/apps/storefront/layout/shop-layout.tsx',
      'src/apps/storefront/screens/home-page.tsx',
    ],
  },
  // The agents' phone app is a page of its own. A phone's first visit is logged out (it is
  // paired first), so it shows the login; the logged-in screens load after it.
  { url: '/agents', entry: 'agents.html', budgetKb: 100, routeModules: [] },
  // For the record, no budget: by then the service worker keeps the app on the phone.
  {
    url: '/agents, logged in',
    entry: 'agents.html',
    budgetKb: null,
    routeModules: ['src/apps/agents/layout/agent-shell.tsx'],
  },
];

/** The chunk of `key` and every chunk it imports statically, transitively. */
function withStaticImports(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest: has the router changed?`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const sizes = new Map();
/** Raw and gzipped bytes of one built file. */
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1).padStart(7)} kB`;

console.log(`JavaScript of a first visit, from ${path.relative(process.cwd(), manifestPath)}`);
console.log('(gzip level 9 per file; chunks shared by several routes counted once per visit)\n');

for (const { url, entry, budgetKb, routeModules } of FIRST_LOADS) {
  const keys = new Set();
  withStaticImports(entry, keys);
  for (const module of routeModules) withStaticImports(module, keys);

  const rows = [...keys]
    .map((key) => ({ key, file: manifest[key].file, ...sizeOf(manifest[key].file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);

  console.log(`${url}: ${rows.length} chunks`);
  for (const row of rows) {
    console.log(`  ${kb(row.gzip)} gz ${kb(row.raw)} raw  ${row.file}  (${row.key})`);
  }
  const total = `  total ${kb(gzip).trim()} gz (${kb(raw).trim()} raw)`;
  if (budgetKb === null) {
    console.log(`${total}\n`);
  } else {
    const verdict = gzip <= budgetKb * KB ? 'within' : 'OVER';
    console.log(`${total}: ${verdict} the ${budgetKb} kB budget\n`);
  }
}

// What the storefront's `/` must never include: the other apps' code.
const shopKeys = new Set();
withStaticImports(FIRST_LOADS[0].entry, shopKeys);
for (const module of FIRST_LOADS[0].routeModules) withStaticImports(module, shopKeys);
const leaked = [...shopKeys].filter((key) => /src\/apps\/(seller|agents)\//.test(key));
console.log(
  leaked.length === 0
    ? 'Seller and agent screens: not part of the first load of `/`.'
    : `Seller or agent modules in the first load of \`/\`: ${leaked.join(', ')}`,
);
