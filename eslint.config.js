// One lint config for every workspace. The import-direction zones encode the layering
// shared ← server, shared ← web ← desktop (see ../shared/conventions.md).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const forbid = (target, from, message) => ({ target, from, message });

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    '.data/**',
    'desktop/out/**',
    'test-results/**',
  ]),
  js.configs.recommended,
  tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            forbid(
              './shared',
              './server',
              'shared is imported by everyone and imports no workspace',
            ),
            forbid('./shared', './web', 'shared is imported by everyone and imports no workspace'),
            forbid(
              './shared',
              './desktop',
              'shared is imported by everyone and imports no workspace',
            ),
            forbid('./server', './web', 'the server never imports client code'),
            forbid('./server', './desktop', 'the server never imports client code'),
            forbid('./web', './server', 'web talks to the server over HTTP, never by import'),
            forbid('./web', './desktop', 'web does not depend on the desktop shell'),
            forbid(
              './desktop',
              './server',
              'desktop talks to the server over HTTP, never by import',
            ),
          ],
        },
      ],
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
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kirana/*'], message: '@kirana/shared depends on no other workspace' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kirana/web', '@kirana/desktop'],
              message: 'the server imports only @kirana/shared',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-nodejs-modules': ['error', { allow: [] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kirana/server', '@kirana/desktop'],
              message: 'web imports only @kirana/shared',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/vite.config.ts'],
    rules: { 'import-x/no-nodejs-modules': 'off' },
  },
  {
    files: ['desktop/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kirana/server'], message: 'desktop talks to the server over HTTP' },
          ],
        },
      ],
    },
  },
]);
