import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

const root = path.resolve(import.meta.dirname, '../..');
const [store] = [base.webServer].flat();

/**
 * Screenshots of every app's main screens at the phone's and the laptop's size, into
 * e2e/.artifacts/visual/$VISUAL_SET: take a set before a change of looks and one after, then
 * `node e2e/visual/compare.mjs before after`. Not part of the e2e run.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screens.visual.ts',
  outputDir: path.join(root, 'e2e/.artifacts/visual/results'),
  workers: 1,
  webServer: { ...store!, cwd: root },
});
