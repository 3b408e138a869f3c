/** A Lingui catalog (the agent app's languages), compiled by @lingui/vite-plugin on import. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
