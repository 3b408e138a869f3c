import type { Logger } from './logger.js';

/**
 * Chromium's switch listing origins to treat as secure contexts (comma-separated). Modern
 * Chromium reads it in every process without the `--user-data-dir` that old Chrome builds also
 * required, and Electron passes it on to its renderers; Electron sets its user-data folder itself.
 */
export const TREAT_AS_SECURE_SWITCH = 'unsafely-treat-insecure-origin-as-secure';

/** Loopback hosts are secure contexts already, plain http or not. */
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The server origin the app must ask Chromium to treat as secure, or null when it needs no
 * help: the seller screens' service worker, `crypto.randomUUID` and `navigator.locks` exist only
 * in secure contexts, and a shop's counter often opens its server as `http://192.168.x.x:4000`.
 * Only plain http and not loopback; https and localhost are secure contexts as they are.
 */
export function originToTreatAsSecure(server: string | null): string | null {
  if (server === null) return null;
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) return null;
  return url.origin;
}

/** The part of Electron's `app.commandLine` the switch is set with. */
export interface CommandLine {
  appendSwitch(name: string, value?: string): void;
}

/**
 * Treats the server origin the app opens at start as a secure context, that one origin only and
 * only when it is plain http, and logs it. Must run before Electron's `ready`: Chromium reads the
 * switch once, as it starts. Answers the origin treated, or null.
 */
export function treatServerAsSecure(
  commandLine: CommandLine,
  server: string | null,
  log: Logger,
): string | null {
  const origin = originToTreatAsSecure(server);
  if (origin === null) return null;
  commandLine.appendSwitch(TREAT_AS_SECURE_SWITCH, origin);
  log.info('server: plain http, treated as a secure context for the offline Counter', {
    server: origin,
  });
  return origin;
}

/**
 * Whether a newly saved server needs the app restarted to get what `treatServerAsSecure` gave
 * the one it started with: Chromium reads the switch only at start.
 */
export function restartNeededFor(server: string, treated: string | null): boolean {
  const origin = originToTreatAsSecure(server);
  return origin !== null && origin !== treated;
}

/**
 * How to start the app again: as it was started, except inside an AppImage, whose mounted files
 * go away when it exits, so the AppImage itself is started.
 */
export function relaunchOptions(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): { execPath?: string; args?: string[] } {
  const appImage = env.APPIMAGE;
  return appImage ? { execPath: appImage, args: argv.slice(1) } : {};
}
