// Lighthouse (mobile: a mid-range phone on slow 4G, simulated) on the storefront's pages (home,
// all products, a category's first and third page, a product, a search), in Debian's Chromium:
// the four category scores of each run, the median run's paint and blocking figures, and every
// audit that kept a score below 100. Run after `npm run build`. By default it starts
// server/dist/main.js on 127.0.0.1 with a temporary DATA_DIR and the embedded database
// (NODE_ENV=production, as a shop runs it), with the demo's catalogue:
//   node bench/lighthouse.mjs [--runs 3] [--chromium /usr/bin/chromium]
// Against a server already running (a shop's catalogue: bench/catalogue-scale.mjs --lighthouse 1):
//   node bench/lighthouse.mjs --url http://127.0.0.1:4000
// Targets (issue 12): performance ≥ 98; accessibility, best practices and SEO 100.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { onJsonLines } from './server-output.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs: 1 to 9');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** Starts server/dist/main.js on any free port; resolves with its origin once it serves. */
async function startServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-lighthouse-'));
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO_DATA: 'true',
      SELLER_EMAIL: 'lighthouse-seller@example.com',
      SELLER_PASSWORD: randomBytes(12).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      PAYMENTS: 'sandbox',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    onJsonLines(child.stdout, (line) => {
      if (line.msg?.startsWith('Kirana is serving')) resolve(line.port);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (category) => Math.round(category.score * 100);

const server = options.url ? undefined : await startServer();
const origin = options.url ?? server.origin;
const chrome = await chromeLauncher.launch({
  chromePath: options.chromium,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-dev-shm-usage',
  ],
});
let missed = false;
try {
  const { products } = await (
    await fetch(`${origin}/api/product/search?inStock=true&limit=1`)
  ).json();
  const [product] = products;
  if (!product) throw new Error('the store has no product in stock');
  const category = `/products/${product.category.toLowerCase()}`;
  const pages = [
    ['home', '/'],
    ['all products', '/products'],
    ['category', category],
    ['category, a later page', `${category}?page=3`],
    ['product', `${category}/${product._id}`],
    ['search', `/products?q=${encodeURIComponent(product.name.split(' ')[0])}`],
  ];
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (simulated slow 4G, 4× CPU), ${runs} run(s) a page, ${origin}`,
  );
  for (const [name, pagePath] of pages) {
    const results = [];
    for (let run = 0, retries = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(`${origin}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      // A trace Chromium now and then records without its navigation start: Lighthouse's own
      // advice is to run it again, which is done twice a page before giving up.
      if (lhr.runtimeError?.code === 'NO_NAVSTART' && retries < 2) {
        retries += 1;
        run -= 1;
        continue;
      }
      if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`);
      results.push(lhr);
    }
    const byPerformance = [...results].sort(
      (a, b) => a.categories.performance.score - b.categories.performance.score,
    );
    const middle = byPerformance[Math.floor(byPerformance.length / 2)];
    console.log(`\n${name} ${pagePath}`);
    for (const category of CATEGORIES) {
      const scores = results.map((lhr) => score(lhr.categories[category]));
      const value = median(scores);
      const met = value >= TARGETS[category];
      missed ||= !met;
      console.log(
        `  ${category.padEnd(15)} ${String(value).padStart(3)} (runs: ${scores.join(', ')}; target ${TARGETS[category]}) ${met ? '✓' : '✗'}`,
      );
    }
    console.log(
      `  median run: ${METRICS.map(([id, label]) => `${label} ${middle.audits[id].displayValue}`).join(', ')}`,
    );
    // Lighthouse's 4× CPU slow-down assumes a fast desktop (benchmarkIndex 1500–2000); on a
    // slower or busy machine the same page scores lower (Lighthouse's throttling guide,
    // "Calibrating the CPU slowdown"). Printed so that scores are compared on like machines.
    console.log(
      `  CPU/Memory Power (benchmarkIndex): ${results.map((lhr) => Math.round(lhr.environment.benchmarkIndex)).join(', ')}`,
    );
    for (const warning of new Set(results.flatMap((lhr) => lhr.runWarnings))) {
      console.log(`  Lighthouse warns: ${warning}`);
    }
    const shortfalls = Object.values(middle.audits).filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode) &&
        CATEGORIES.some((category) =>
          middle.categories[category].auditRefs.some(
            (ref) => ref.id === audit.id && ref.weight > 0,
          ),
        ),
    );
    for (const audit of shortfalls) {
      console.log(
        `  below 100: ${audit.id} (${Math.round(audit.score * 100)}) ${audit.displayValue ?? ''}`,
      );
      // What the page logged, so an error under Lighthouse can be found without a report file.
      if (audit.id === 'errors-in-console') {
        for (const item of audit.details?.items ?? []) {
          console.log(`    ${item.sourceLocation?.url ?? item.source}: ${item.description}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server?.stop();
}
if (missed) console.log('\nA target was missed (✗ above).');
