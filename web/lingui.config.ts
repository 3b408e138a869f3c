import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The agents' phone app speaks English and Hindi (Lingui: `npm run i18n:extract -w @kirana/web`
 * after changing a text, then translate web/src/features/agent/locales/hi.po). English is the
 * source: its texts are in the code, the spec's words verbatim. The other areas are English only.
 */
export default defineConfig({
  sourceLocale: 'en',
  // Each text names the files it comes from, without line numbers that every edit would move.
  format: formatter({ lineNumbers: false }),
  locales: ['en', 'hi'],
  catalogs: [
    {
      // The app's own texts.
      path: '<rootDir>/src/features/agent/locales/{locale}',
      include: [
        '<rootDir>/src/app/layouts/agent-layout.tsx',
        '<rootDir>/src/app/layouts/agent-shell.tsx',
        '<rootDir>/src/areas/agent',
        '<rootDir>/src/features/agent',
      ],
      exclude: ['**/*.test.*', '**/i18n/outside-texts.ts'],
    },
    {
      // Texts from outside the app (the server's messages), keyed by their English words:
      // loaded with Hindi only, since in English the key is the text.
      path: '<rootDir>/src/features/agent/locales/outside/{locale}',
      include: ['<rootDir>/src/features/agent/i18n/outside-texts.ts'],
    },
  ],
});
