import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** The agent app's files in its first load (before the login lets anyone in). */
export const FIRST_LOAD = [
  '<rootDir>/src/apps/agents/layout/agent-layout.tsx',
  '<rootDir>/src/apps/agents/screens/agent-join-page.tsx',
  '<rootDir>/src/apps/agents/screens/agent-login-page.tsx',
  '<rootDir>/src/apps/agents/failure-message.ts',
  '<rootDir>/src/apps/agents/i18n/error-texts.ts',
  '<rootDir>/src/apps/agents/session/pairing.ts',
  '<rootDir>/src/apps/agents/session/session.ts',
  '<rootDir>/src/apps/agents/session/session-state.ts',
  '<rootDir>/src/apps/agents/session/use-agent-connection.ts',
  '<rootDir>/src/apps/agents/ui/language-switch.tsx',
  '<rootDir>/src/apps/agents/ui/offline-banner.tsx',
  '<rootDir>/src/apps/agents/ui/pending-button.tsx',
  '<rootDir>/src/apps/agents/features/auth/components/phone-login-form.tsx',
  '<rootDir>/src/apps/agents/i18n/locale.ts',
];

/**
 * The agents' phone app speaks English and Hindi (Lingui: `npm run i18n:extract -w @kirana/web`
 * after changing a text, then translate the `hi.po` of
 * web/src/apps/agents/locales and its shell/ folder). English is the
 * source: its texts are in the code, the spec's words verbatim. The other areas are English only.
 */
export default defineConfig({
  sourceLocale: 'en',
  // Each text names the files it comes from, without line numbers that every edit would move.
  format: formatter({ lineNumbers: false }),
  locales: ['en', 'hi'],
  catalogs: [
    {
      // The texts of the first load: the login, pairing and the frame around every screen. Only
      // the files the agents' page loads before anyone logs in (bench/bundle-size.mjs lists its
      // chunks): a text of theirs in the shell's catalog would show before it is loaded.
      path: '<rootDir>/src/apps/agents/locales/{locale}',
      include: FIRST_LOAD,
      exclude: ['**/*.test.*'],
    },
    {
      // The logged-in screens' texts, loaded with those screens (agent-layout.tsx), so that a
      // phone's first visit downloads only what the login needs.
      path: '<rootDir>/src/apps/agents/locales/shell/{locale}',
      include: ['<rootDir>/src/apps/agents'],
      exclude: ['**/*.test.*', ...FIRST_LOAD],
    },
  ],
});
