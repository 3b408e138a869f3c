import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Tests import @kirana/shared from source, so no build is needed before `npm test`.
// The ESC/POS entry first: an alias also takes the paths under its name.
const shared = {
  '@kirana/shared/receipt-escpos': fileURLToPath(
    new URL('./shared/src/receipt/receipt-escpos.ts', import.meta.url),
  ),
  '@kirana/shared': fileURLToPath(new URL('./shared/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias: shared },
  test: {
    projects: [
      {
        resolve: { alias: shared },
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: shared },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts'],
          // API tests share one database per run; files run in parallel against PostgreSQL, one
          // at a time against the embedded database (one session: see server/src/db/orm.ts).
          fileParallelism: Boolean(process.env.DATABASE_URL),
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The web app's own Vite config, for its plugins: the agent app's Lingui macros above all.
        extends: './web/vite.config.ts',
        resolve: { alias: shared },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'web/pwa/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'web/src/**/*.dom.test.tsx'],
          environment: 'node',
          // The agent app's texts read English unless a test switches.
          setupFiles: ['web/src/test/english.ts'],
        },
      },
      {
        // Screens rendered into a DOM (Testing Library), the API answered at the fetch boundary.
        extends: './web/vite.config.ts',
        resolve: { alias: shared },
        test: {
          name: 'web-dom',
          include: ['web/src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/english.ts', 'web/src/test/dom.ts'],
        },
      },
      {
        resolve: { alias: shared },
        test: { name: 'desktop', include: ['desktop/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The README's commands run as a new user runs them (scripts/first-run.test.mjs).
        test: { name: 'process', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
    ],
  },
});
