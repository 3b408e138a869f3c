import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { LISTED_STOREFRONT_PORT, SHOP_SCALE_PORT } from './e2e/support/storefront-host';
import { serverFlags } from './scripts/start.mjs';

const artifacts = path.resolve(import.meta.dirname, 'e2e/.artifacts');
const port = 4173;
const baseURL = `http://127.0.0.1:${port}`;

// A fresh data directory per run: the server migrates and seeds an empty embedded database.
// Playwright loads this file again in every worker; the workers inherit the runner's value.
if (!process.env.KIRANA_E2E_DATA_DIR) {
  mkdirSync(artifacts, { recursive: true });
  for (const old of readdirSync(artifacts).filter((name) => name.startsWith('data-'))) {
    rmSync(path.join(artifacts, old), { recursive: true, force: true });
  }
  process.env.KIRANA_E2E_DATA_DIR = path.join(artifacts, `data-${Date.now()}`);
}
const dataDir = process.env.KIRANA_E2E_DATA_DIR;
// Each run's and each store's own keys in a shared Redis: login limits left by an earlier run
// would refuse this one's sign-ins, and two stores on one channel would hear each other.
const redisKeys = `kirana-e2e-${path.basename(dataDir)}`;

const serverEnv: Record<string, string> = {
  PORT: String(port),
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  PUBLIC_URL: baseURL,
  // e2e/other-origin.spec.ts serves the storefront from there.
  PUBLIC_ORIGINS: `http://127.0.0.1:${LISTED_STOREFRONT_PORT}`,
  // Every test's shopper signs up from 127.0.0.1.
  SIGN_UPS_PER_HOUR: '100000',
  // The run leaves many orders open: no-agent alerts would toast over other tests' screens.
  UNACCEPTED_ALERT_MINUTES: '240',
  // e2e/push.spec.ts subscribes a phone at a loopback address that takes nothing.
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  // Backups only when a test asks (e2e/seller-backups.spec.ts), not on a timer during the run.
  BACKUP_EVERY_HOURS: '0',
  REDIS_KEY_PREFIX: `${redisKeys}:`,
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

/**
 * A real shop's store (e2e/support/scale-store.ts): its own, on the embedded database, without
 * the demo; its specs import a real catalogue into it.
 */
const scaleURL = `http://127.0.0.1:${SHOP_SCALE_PORT}`;
const scaleEnv: Record<string, string> = {
  ...serverEnv,
  PORT: String(SHOP_SCALE_PORT),
  DATA_DIR: `${dataDir}-scale`,
  REDIS_KEY_PREFIX: `${redisKeys}-scale:`,
  DATABASE_URL: '',
  PUBLIC_URL: scaleURL,
  SEED_DEMO_DATA: 'false',
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.artifacts/results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium rather than a downloaded browser build.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // With the machine's fonts but none for Devanagari, as on many phones and fresh machines.
      env: {
        ...process.env,
        FONTCONFIG_FILE: path.resolve(import.meta.dirname, 'e2e/support/fonts.conf'),
      },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'laptop',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: [
    {
      // The built server, serving the built web app: run `npm run build` first (`npm run test:e2e` does).
      // With `npm start`'s V8 flags: the tests meet the server a shop runs.
      command: ['node', ...serverFlags(serverEnv), 'server/dist/main.js'].join(' '),
      env: serverEnv,
      url: `${baseURL}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      // The server logs every request; E2E_SERVER_LOGS=1 shows them when a run needs debugging.
      stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
      stderr: 'pipe',
    },
    {
      command: ['node', ...serverFlags(scaleEnv), 'server/dist/main.js'].join(' '),
      env: scaleEnv,
      url: `${scaleURL}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
