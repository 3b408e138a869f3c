// One lint config for every workspace. The import-direction rules encode the layering
// shared ← server, shared ← web ← desktop (see ../shared/conventions.md): a workspace imports
// another only by package name, and only in that direction.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
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

const restrictImports = (...patterns) => [
  'error',
  {
    paths: patterns.flatMap((pattern) => pattern.paths ?? []),
    patterns: patterns.map(({ group, message = 'runs in the browser too: no Node modules' }) => ({
      group,
      message,
    })),
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
