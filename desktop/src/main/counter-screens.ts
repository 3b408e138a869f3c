import type { ConnectResult } from '../ipc-contract.js';
import type { Logger } from './logger.js';
import { checkServer } from './server-check.js';
import type { Fetch } from './server-check.js';
import { serverOrigin } from './settings.js';
import type { SettingsStore } from './settings.js';

/** The part of the counter window's `webContents` that shows pages. */
export interface CounterContents {
  loadURL(url: string): Promise<void>;
  loadFile(path: string): Promise<void>;
  getURL(): string;
}

/** File paths of the bundled pages. */
export interface BundledPagePaths {
  firstRun: string;
  offline: string;
  /** Shown in a window of its own, from the tray menu. */
  receiptPrinter: string;
}

export type Screen = 'none' | 'first-run' | 'seller' | 'offline';

export interface CounterScreensDeps {
  contents: CounterContents;
  settings: SettingsStore;
  fetch: Fetch;
  pages: BundledPagePaths;
  /** `KIRANA_SERVER_URL` in development: used instead of the saved address, never saved. */
  serverOverride?: string | null;
  log: Logger;
  /** How often the server is asked `/readyz` while the seller screens show. */
  healthEveryMs?: number;
  /** How often the offline page asks again. */
  offlineRetryEveryMs?: number;
  /** Failed checks in a row before the server counts as unreachable. */
  failuresBeforeUnreachable?: number;
  /** The server's answering changed: false once it stopped, true when it is back (the tray). */
  onServerAnswers?: (answers: boolean) => void;
  /**
   * A new server address was saved: true when the app restarts to open it (see
   * secure-origin.ts), so the seller screens are not opened here.
   */
  restartsFor?: (server: string) => boolean;
}

/** The seller screens' own first screen, and the till's. */
const SELLER_HOME = '/seller';
const COUNTER_SCREEN = '/seller/counter';

export const HEALTH_EVERY_MS = 15_000;
export const OFFLINE_RETRY_EVERY_MS = 5_000;
export const FAILURES_BEFORE_UNREACHABLE = 2;
/** Chromium's net::ERR_ABORTED: a load replaced by another one, not a failure. */
const ERR_ABORTED = -3;

/**
 * Which screen the counter window shows, and the server it talks to. With no server yet it shows
 * the bundled first-run page; otherwise `<server>/seller`, or the Counter screen
 * (`<server>/seller/counter`) when the settings say to open it at start.
 *
 * Once the seller screens show, a server that stops answering never takes them away: the Counter
 * sells offline and sends its waiting bills when the server is back (docs/desktop.md#without-the-server).
 * `/readyz` failing {@link FAILURES_BEFORE_UNREACHABLE} times in a row only tells the tray. The
 * bundled offline page is for a load of the seller screens that itself fails: the server
 * unreachable and no shell kept by the seller area's service worker (its first start, say). It
 * goes back to the seller screens as soon as the server answers again.
 */
export class CounterScreens {
  readonly #deps: CounterScreensDeps;
  #server: string | null;
  #screen: Screen = 'none';
  #failures = 0;
  /** Whether the server answers, as the checks last found; unknown counts as answering. */
  #answers = true;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;

  constructor(deps: CounterScreensDeps) {
    this.#deps = deps;
    this.#server = deps.serverOverride ?? deps.settings.get().server;
  }

  /** The configured server's origin, or null before the first connection. */
  get server(): string | null {
    return this.#server;
  }

  get screen(): Screen {
    return this.#screen;
  }

  /** False once the server stopped answering the checks (or a load of its screens failed). */
  get serverAnswers(): boolean {
    return this.#answers;
  }

  start(): Promise<void> {
    return this.#server === null ? this.#showFirstRun() : this.#showSeller();
  }

  /** First run: tests the address and, only when the server is ready, saves and opens it. */
  async connect(address: string): Promise<ConnectResult> {
    const origin = serverOrigin(address);
    if (!origin.ok) return origin;
    const result = await checkServer(origin.origin, this.#deps.fetch);
    if (!result.ok) return result;
    this.#deps.settings.update({ server: origin.origin });
    this.#server = origin.origin;
    this.#heard(true);
    this.#deps.log.info('server: connected and saved', { server: origin.origin });
    if (!this.#deps.restartsFor?.(origin.origin)) void this.#showSeller();
    return result;
  }

  /** The offline page's Retry: checks now and opens the seller screens when the server answers. */
  async retry(): Promise<ConnectResult> {
    if (this.#server === null) return { ok: false, message: 'No server address is set' };
    const result = await checkServer(this.#server, this.#deps.fetch);
    if (result.ok) {
      this.#heard(true);
      void this.#showSeller();
    }
    return result;
  }

  changeServer(): Promise<void> {
    return this.#showFirstRun();
  }

  /** An order's notification was clicked: the seller screens' order list, unless it shows. */
  openOrders(): Promise<void> {
    return this.#openSellerScreen('/seller/orders');
  }

  /** The tray's Counter: the till's screen for walk-in sales, unless it shows. */
  openCounter(): Promise<void> {
    return this.#openSellerScreen(COUNTER_SCREEN);
  }

  /** The tray's Dashboard: how the shop is doing today, unless it shows. */
  openDashboard(): Promise<void> {
    return this.#openSellerScreen('/seller/dashboard');
  }

  /** A failed backup's notification was clicked: the Backups screen, unless it shows. */
  openBackups(): Promise<void> {
    return this.#openSellerScreen('/seller/backups');
  }

  async #openSellerScreen(path: string): Promise<void> {
    if (this.#screen !== 'seller' || this.#server === null) return;
    const url = `${this.#server}${path}`;
    if (this.#deps.contents.getURL().split(/[?#]/)[0] === url) return;
    await this.#load(() => this.#deps.contents.loadURL(url));
  }

  /**
   * `did-fail-load` of the counter window. A page under /seller that the service worker answers
   * from its cache does not fail; one that does fail left Chromium's error page in the window,
   * which the offline page replaces.
   */
  loadFailed(errorCode: number, url: string, isMainFrame: boolean): void {
    if (!isMainFrame || errorCode === ERR_ABORTED || this.#screen !== 'seller') return;
    this.#deps.log.warn('server: the seller screens failed to load', { url, errorCode });
    void this.#showOffline();
  }

  stop(): void {
    this.#stopped = true;
    this.#clearTimer();
  }

  async #showFirstRun(): Promise<void> {
    this.#enter('first-run');
    await this.#load(() => this.#deps.contents.loadFile(this.#deps.pages.firstRun));
  }

  async #showSeller(): Promise<void> {
    const server = this.#server;
    if (server === null) return this.#showFirstRun();
    this.#enter('seller');
    this.#schedule(this.#deps.healthEveryMs ?? HEALTH_EVERY_MS);
    // Read at each showing, so a change in the settings counts from the next one.
    const home = this.#deps.settings.get().openCounterAtStart ? COUNTER_SCREEN : SELLER_HOME;
    const loaded = await this.#load(() => this.#deps.contents.loadURL(`${server}${home}`));
    if (!loaded && this.#screen === 'seller') await this.#showOffline();
  }

  async #showOffline(): Promise<void> {
    if (this.#screen === 'offline') return;
    this.#enter('offline');
    this.#heard(false);
    this.#schedule(this.#deps.offlineRetryEveryMs ?? OFFLINE_RETRY_EVERY_MS);
    await this.#load(() => this.#deps.contents.loadFile(this.#deps.pages.offline));
  }

  #enter(screen: Screen): void {
    this.#clearTimer();
    this.#screen = screen;
    this.#failures = 0;
  }

  /** Runs a load; false when it failed (and was not merely replaced by a newer load). */
  async #load(load: () => Promise<void>): Promise<boolean> {
    try {
      await load();
      return true;
    } catch (error) {
      const errno = (error as { errno?: unknown }).errno;
      if (errno === ERR_ABORTED) return true;
      this.#deps.log.warn('server: a page failed to load', { error: String(error) });
      return false;
    }
  }

  #schedule(delay: number): void {
    this.#clearTimer();
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#check(), delay);
  }

  async #check(): Promise<void> {
    this.#timer = null;
    const server = this.#server;
    const screen = this.#screen;
    if (server === null || (screen !== 'seller' && screen !== 'offline')) return;
    const result = await checkServer(server, this.#deps.fetch);
    // The screen or server may have changed while the check was in flight.
    if (this.#stopped || this.#screen !== screen || this.#server !== server) return;
    if (screen === 'offline') {
      if (result.ok) {
        this.#heard(true);
        await this.#showSeller();
      } else {
        this.#schedule(this.#deps.offlineRetryEveryMs ?? OFFLINE_RETRY_EVERY_MS);
      }
      return;
    }
    // The seller screens stay whatever the answer: only the tray is told.
    this.#failures = result.ok ? 0 : this.#failures + 1;
    if (result.ok) {
      this.#heard(true);
    } else if (
      this.#failures >= (this.#deps.failuresBeforeUnreachable ?? FAILURES_BEFORE_UNREACHABLE) &&
      this.#answers
    ) {
      this.#deps.log.warn('server: stopped answering; the seller screens stay', {
        server,
        reason: result.message,
      });
      this.#heard(false);
    }
    this.#schedule(this.#deps.healthEveryMs ?? HEALTH_EVERY_MS);
  }

  /** Records whether the server answers, telling of a change. */
  #heard(answers: boolean): void {
    if (this.#answers === answers) return;
    this.#answers = answers;
    if (answers) this.#deps.log.info('server: answering again', { server: this.#server });
    this.#deps.onServerAnswers?.(answers);
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
