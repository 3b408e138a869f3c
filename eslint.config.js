// One lint config for every workspace. The import-direction rules encode the layering
// shared ← server, shared ← web ← desktop (docs/architecture.md#direction-of-imports): a
// workspace imports another only by package name, and only in that direction.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const workspaceSources = ['shared', 'server', 'web', 'desktop'].map((name) => ({
  group: [`**/${name}/src`, `**/${name}/src/**`],
  message: `import @kirana/${name} by its package name, never its files`,
}));
const forbidPackages = (names, message) => ({
  group: names.map((name) => `@kirana/${name}`),
  message,
});
const nodeBuiltins = {
  paths: builtinModules.map((name) => ({
    name,
    message: 'runs in the browser too: no Node modules',
  })),
  group: ['node:*'],
};

// A screen imports its area's texts (SHOP_MESSAGES, SELLER_MESSAGES, AGENT_MESSAGES): all of
// them together would put the seller's and the agents' words in the storefront's first load.
const areaMessages = {
  paths: [
    {
      name: '@kirana/shared',
      importNames: ['MESSAGES'],
      message: "import the area's texts: SHOP_MESSAGES, SELLER_MESSAGES or AGENT_MESSAGES",
    },
  ],
};

/**
 * server/src/modules in layers (docs/architecture.md#server-modules): a module
 * imports only modules of the layers below its own, so no two import each other; `order` sits
 * in the middle, what reacts to orders above it. Composition (app.ts, wiring.ts, db/, test/) is
 * above them all, and lib/ below: it imports no module.
 */
const SERVER_MODULE_LAYERS = [
  ['health', 'session'],
  ['user', 'seller', 'upload', 'agent', 'backup', 'shop'],
  ['address', 'category'],
  ['product'],
  ['cart', 'storefront', 'order'],
  ['khata'],
  ['cash', 'payment', 'push', 'gst'],
  ['counter'],
  ['dashboard', 'realtime'],
];
const COMPOSITION = String.raw`(app|wiring|server|serve|main|banner|config|config-env|node-version|shop-backups|backup-cli)\.js$|(db/(?!base\.js$|retry-deadlocks\.js$)|test/)`;
const upTo = (depth) => String.raw`^(\.\./){${depth}}`;

/** The no-restricted-imports rule of server/src/modules/`name`'s files `depth` folders deep. */
function moduleDirection(name, layer, depth) {
  const above = SERVER_MODULE_LAYERS.slice(layer)
    .flat()
    .filter((other) => other !== name);
  return restrictImports(
    ...workspaceSources,
    forbidPackages(['web', 'desktop'], 'the server imports only @kirana/shared'),
    {
      regex: `${upTo(depth + 1)}(${above.join('|')})/`,
      message: `modules depend in one direction: ${name} imports none of ${above.join(', ')} (eslint.config.js SERVER_MODULE_LAYERS; wire them in server/src/wiring.ts)`,
    },
    {
      regex: `${upTo(depth + 2)}${COMPOSITION}`,
      message:
        'a module imports lib/, db/base and modules below it, never the app that composes it',
    },
  );
}

/**
 * web/src in layers (docs/architecture.md#the-web-app): app/ puts the apps on their pages; each
 * app in apps/ is its screens, layout, routes and live feed over its features, and those over
 * what the app's features share (its session, ui/, and modules beside its routes); common/ is
 * what two apps share; lib/ is below them all. Zones as bulletproof-react draws them: an app
 * never imports another, a feature never a sibling, nothing imports upward.
 */
const WEB_SRC = fileURLToPath(new URL('./web/src', import.meta.url));
const foldersIn = (folder) =>
  readdirSync(path.join(WEB_SRC, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? [entry.name] : [],
  );
const WEB_APPS = foldersIn('apps');
const featuresOf = (app) =>
  foldersIn(`apps/${app}`).includes('features') ? foldersIn(`apps/${app}/features`) : [];
const WEB_ZONES = [
  ...WEB_APPS.map((app) => ({
    target: `./apps/${app}`,
    from: './apps',
    except: [`./${app}`],
    message: 'an app never imports another app: what two apps use goes in web/src/common/',
  })),
  ...WEB_APPS.flatMap((app) =>
    featuresOf(app).map((feature) => ({
      target: `./apps/${app}/features/${feature}`,
      from: `./apps/${app}/features`,
      except: [`./${feature}`],
      message: `a feature never imports a sibling feature: what two features of ${app} use goes up to the app (its session/, ui/ or a module beside its routes) or to common/; the screens put features together`,
    })),
  ),
  ...WEB_APPS.map((app) => ({
    target: `./apps/${app}/features`,
    from: ['screens', 'layout', 'routes.tsx', 'live-feed.ts'].map(
      (part) => `./apps/${app}/${part}`,
    ),
    message:
      'a feature never imports what puts its app together: its screens, layout, routes or live feed',
  })),
  {
    target: './common',
    from: './apps',
    message: 'common/ is what the apps share: it never imports an app',
  },
  {
    target: './lib',
    from: ['./apps', './app', './common'],
    message:
      'lib/ (the API client, the socket, the query client, formatting) imports no app and nothing of common/',
  },
  {
    target: ['./apps', './common'],
    from: './app',
    message:
      'app/ puts the apps on their pages (the router, the providers): nothing below it imports it',
  },
];

const restrictImports = (...patterns) => [
  'error',
  {
    paths: patterns.flatMap((pattern) => pattern.paths ?? []),
    patterns: patterns
      .filter((pattern) => pattern.group || pattern.regex)
      .map(({ group, regex, message = 'runs in the browser too: no Node modules' }) =>
        regex ? { regex, message } : { group, message },
      ),
  },
];

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/dist-ssr/**',
    '**/node_modules/**',
    '.data/**',
    'desktop/out/**',
    'e2e/.artifacts/**',
    'playwright-report/**',
  ]),
  js.configs.recommended,
  tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    // Tests index into lists they just built; `!` there states what the test already checked.
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(
          ['server', 'web', 'desktop'],
          '@kirana/shared depends on no other workspace',
        ),
        nodeBuiltins,
      ),
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(['web', 'desktop'], 'the server imports only @kirana/shared'),
      ),
    },
  },
  ...SERVER_MODULE_LAYERS.flatMap((names, layer) =>
    names.flatMap((name) =>
      [0, 1].map((depth) => ({
        files: [`server/src/modules/${name}/${depth ? '*/**/' : ''}*.ts`],
        ignores: ['**/*.test.ts'],
        rules: { 'no-restricted-imports': moduleDirection(name, layer, depth) },
      })),
    ),
  ),
  {
    files: ['server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(['web', 'desktop'], 'the server imports only @kirana/shared'),
        {
          regex: String.raw`^\.\./(modules/|${COMPOSITION})`,
          message: 'lib/ imports no module and not the app: a module augments AppContext instead',
        },
      ),
    },
  },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(['server', 'desktop'], 'web imports only @kirana/shared'),
        nodeBuiltins,
        areaMessages,
      ),
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Its TypeScript files read by the same parser as the lint's, to follow their imports.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: WEB_SRC, zones: WEB_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The agent app's catalog test compares its `spec.` ids with the texts of every area.
    files: ['web/src/apps/agents/i18n/locale.test.ts'],
    rules: {
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(['server', 'desktop'], 'web imports only @kirana/shared'),
        nodeBuiltins,
      ),
    },
  },
  {
    // The layers' test runs this lint on web/src, in Node; the tokens' test runs stylelint.
    files: ['web/src/layers.test.ts', 'web/src/tokens.test.ts'],
    rules: {
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(['server', 'desktop'], 'web imports only @kirana/shared'),
        areaMessages,
      ),
    },
  },
  {
    // Build configuration, and its checks, run in Node.
    files: ['web/vite.config.ts', 'web/pwa/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The payment sandbox's browser side (checkout.js, pay.js): classic scripts the server serves
    // as they are, so browser globals and no modules.
    files: ['server/static/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['desktop/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        ...workspaceSources,
        forbidPackages(['server'], 'desktop talks to the server over HTTP, never by import'),
      ),
    },
  },
]);
