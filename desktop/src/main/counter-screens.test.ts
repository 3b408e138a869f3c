import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { recordingLogger } from '../test/fixtures.js';
import {
  CounterScreens,
  FAILURES_BEFORE_UNREACHABLE,
  HEALTH_EVERY_MS,
  OFFLINE_RETRY_EVERY_MS,
} from './counter-screens.js';
import type { Fetch } from './server-check.js';
import { SettingsStore } from './settings.js';

const SERVER = 'http://192.168.1.20:4000';
const PAGES = {
  firstRun: '/app/src/pages/first-run.html',
  offline: '/app/src/pages/offline.html',
  receiptPrinter: '/app/src/pages/receipt-printer.html',
};

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'kirana-screens-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(directory, { recursive: true, force: true });
});

/**
 * A network where each origin is up or down, a window that records what it shows, and the
 * origins whose seller area's service worker keeps the shell (`kept`): their /seller pages load
 * with the server down.
 */
function setup({
  saved = null as string | null,
  override = null as string | null,
  openCounterAtStart = false,
} = {}) {
  const log = recordingLogger();
  const settings = new SettingsStore(directory, log);
  if (saved !== null) settings.update({ server: saved });
  if (openCounterAtStart) settings.update({ openCounterAtStart });
  const up = new Set<string>();
  const kept = new Set<string>();
  const fetch = vi.fn<Fetch>(async (url) => {
    if (!up.has(new URL(url).origin)) throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ success: true }), { status: 200 });
  });
  let url = '';
  const contents = {
    loadURL: vi.fn(async (next: string) => {
      url = next;
      const { origin, pathname } = new URL(next);
      if (!up.has(origin) && !(kept.has(origin) && pathname.startsWith('/seller'))) {
        throw Object.assign(new Error('ERR_CONNECTION_REFUSED (-102)'), { errno: -102 });
      }
    }),
    loadFile: vi.fn(async (path: string) => {
      url = `file://${path}`;
    }),
    getURL: () => url,
  };
  const answers: boolean[] = [];
  const screens = new CounterScreens({
    contents,
    settings,
    fetch,
    pages: PAGES,
    serverOverride: override,
    log,
    onServerAnswers: (answering) => answers.push(answering),
  });
  return { screens, contents, settings, up, kept, fetch, log, answers, shown: () => url };
}

describe('first run', () => {
  test('with no saved server the first-run page shows', async () => {
    const { screens, contents } = setup();
    await screens.start();
    expect(screens.screen).toBe('first-run');
    expect(contents.loadFile).toHaveBeenCalledWith(PAGES.firstRun);
    expect(contents.loadURL).not.toHaveBeenCalled();
  });

  test('an address is saved only after its connection test passes, and is read back on the next start', async () => {
    const first = setup();
    await first.screens.start();

    await expect(first.screens.connect('192.168.1.20:4000')).resolves.toEqual({
      ok: false,
      message: `Cannot reach ${SERVER}`,
    });
    expect(first.settings.get().server).toBeNull();
    expect(new SettingsStore(directory, first.log).get().server).toBeNull();
    expect(first.screens.screen).toBe('first-run');

    await expect(first.screens.connect('not a url at all')).resolves.toMatchObject({ ok: false });
    expect(first.fetch).toHaveBeenCalledTimes(1);

    first.up.add(SERVER);
    await expect(first.screens.connect('192.168.1.20:4000')).resolves.toEqual({
      ok: true,
      server: SERVER,
    });
    await vi.waitFor(() => expect(first.shown()).toBe(`${SERVER}/seller`));
    expect(first.screens.screen).toBe('seller');
    first.screens.stop();

    // Next start of the app: straight to the seller screens.
    const next = setup();
    next.up.add(SERVER);
    await next.screens.start();
    expect(next.screens.server).toBe(SERVER);
    expect(next.contents.loadURL).toHaveBeenCalledWith(`${SERVER}/seller`);
    expect(next.contents.loadFile).not.toHaveBeenCalled();
    next.screens.stop();
  });

  test('KIRANA_SERVER_URL is used instead of the saved address and never saved', async () => {
    const { screens, contents, settings, up } = setup({
      saved: 'http://old.example:4000',
      override: 'http://localhost:4000',
    });
    up.add('http://localhost:4000');
    await screens.start();
    expect(contents.loadURL).toHaveBeenCalledWith('http://localhost:4000/seller');
    expect(settings.get().server).toBe('http://old.example:4000');
    screens.stop();
  });

  test('Change server shows the first-run form and keeps the saved address until a new one connects', async () => {
    const { screens, contents, settings, up } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    await screens.changeServer();
    expect(screens.screen).toBe('first-run');
    expect(contents.loadFile).toHaveBeenLastCalledWith(PAGES.firstRun);
    expect(settings.get().server).toBe(SERVER);
    expect(screens.server).toBe(SERVER);
  });
});

describe('offline', () => {
  test('a server that does not load shows the offline page, which returns to the seller screens once it answers', async () => {
    vi.useFakeTimers();
    const { screens, contents, up, shown } = setup({ saved: SERVER });
    await screens.start();
    expect(screens.screen).toBe('offline');
    expect(contents.loadFile).toHaveBeenCalledWith(PAGES.offline);

    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_EVERY_MS);
    expect(screens.screen).toBe('offline');

    up.add(SERVER);
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_EVERY_MS);
    expect(screens.screen).toBe('seller');
    expect(shown()).toBe(`${SERVER}/seller`);
    screens.stop();
  });

  test('Retry checks at once', async () => {
    const { screens, up, shown } = setup({ saved: SERVER });
    await screens.start();
    await expect(screens.retry()).resolves.toEqual({
      ok: false,
      message: `Cannot reach ${SERVER}`,
    });
    expect(screens.screen).toBe('offline');
    up.add(SERVER);
    await expect(screens.retry()).resolves.toEqual({ ok: true, server: SERVER });
    await vi.waitFor(() => expect(shown()).toBe(`${SERVER}/seller`));
    screens.stop();
  });

  test('did-fail-load of the seller screens shows the offline page; an aborted or subframe load does not', async () => {
    const { screens, up, contents } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    screens.loadFailed(-3, `${SERVER}/seller`, true);
    screens.loadFailed(-105, 'https://maps.example/embed', false);
    expect(screens.screen).toBe('seller');
    screens.loadFailed(-106, `${SERVER}/seller/orders`, true);
    expect(screens.screen).toBe('offline');
    expect(contents.loadFile).toHaveBeenCalledWith(PAGES.offline);
    screens.stop();
  });

  test(`a server that stops answering never takes the seller screens away: after ${FAILURES_BEFORE_UNREACHABLE} failed checks in a row it is only told as unreachable`, async () => {
    vi.useFakeTimers();
    const { screens, up, fetch, contents, answers, shown, log } = setup({
      saved: SERVER,
      openCounterAtStart: true,
    });
    up.add(SERVER);
    await screens.start();
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);

    up.delete(SERVER);
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
    expect(answers).toEqual([]); // one blip is forgiven
    up.add(SERVER);
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
    up.delete(SERVER);
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
    expect(answers).toEqual([]); // the count restarted after a good answer
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
    expect(answers).toEqual([false]);
    expect(screens.serverAnswers).toBe(false);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ message: 'server: stopped answering; the seller screens stay' }),
    );

    // Minutes without the server: the Counter stays as it is, never reloaded.
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS * 20);
    expect(screens.screen).toBe('seller');
    expect(shown()).toBe(`${SERVER}/seller/counter`);
    expect(contents.loadURL).toHaveBeenCalledTimes(1);
    expect(contents.loadFile).not.toHaveBeenCalled();
    expect(answers).toEqual([false]);

    up.add(SERVER);
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
    expect(answers).toEqual([false, true]);
    expect(screens.serverAnswers).toBe(true);
    expect(contents.loadURL).toHaveBeenCalledTimes(1);
    screens.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  test('the seller screens kept by the service worker open without the server: no offline page', async () => {
    vi.useFakeTimers();
    const { screens, contents, kept, shown, answers } = setup({ saved: SERVER });
    kept.add(SERVER);
    await screens.start();
    expect(screens.screen).toBe('seller');
    expect(shown()).toBe(`${SERVER}/seller`);
    expect(contents.loadFile).not.toHaveBeenCalled();
    // Its checks find the server away and say so, and the screens stay.
    await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS * FAILURES_BEFORE_UNREACHABLE);
    expect(answers).toEqual([false]);
    await screens.openOrders();
    expect(shown()).toBe(`${SERVER}/seller/orders`);
    expect(screens.screen).toBe('seller');
    screens.stop();
  });

  test('the offline page tells the server unreachable; its return tells it answers', async () => {
    vi.useFakeTimers();
    const { screens, up, answers } = setup({ saved: SERVER });
    await screens.start();
    expect(answers).toEqual([false]);
    up.add(SERVER);
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_EVERY_MS);
    expect(screens.screen).toBe('seller');
    expect(answers).toEqual([false, true]);
    screens.stop();
  });
});

describe('the Counter screen', () => {
  test('opening the Counter navigates the seller screens to /seller/counter, once', async () => {
    const { screens, contents, up } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    expect(contents.loadURL).toHaveBeenLastCalledWith(`${SERVER}/seller`);
    await screens.openCounter();
    expect(contents.loadURL).toHaveBeenLastCalledWith(`${SERVER}/seller/counter`);
    await screens.openCounter();
    expect(contents.loadURL).toHaveBeenCalledTimes(2);
    screens.stop();
  });

  test('set to open at start, the app opens on the Counter, and comes back to it after being offline', async () => {
    vi.useFakeTimers();
    const { screens, contents, up, shown } = setup({ saved: SERVER, openCounterAtStart: true });
    up.add(SERVER);
    await screens.start();
    expect(contents.loadURL).toHaveBeenCalledWith(`${SERVER}/seller/counter`);
    expect(contents.loadURL).not.toHaveBeenCalledWith(`${SERVER}/seller`);

    screens.loadFailed(-106, `${SERVER}/seller/counter`, true);
    expect(screens.screen).toBe('offline');
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_EVERY_MS);
    expect(screens.screen).toBe('seller');
    expect(shown()).toBe(`${SERVER}/seller/counter`);
    screens.stop();
  });

  test('the setting counts from the next showing, without a restart', async () => {
    const { screens, settings, up, shown } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    expect(shown()).toBe(`${SERVER}/seller`);
    settings.update({ openCounterAtStart: true });
    // As after a crashed page, which starts the screens again.
    await screens.start();
    expect(shown()).toBe(`${SERVER}/seller/counter`);
    screens.stop();
  });
});

describe('orders, dashboard and backups screens', () => {
  test('opening the orders navigates the seller screens to /seller/orders, once', async () => {
    const { screens, contents, up } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    await screens.openOrders();
    expect(contents.loadURL).toHaveBeenLastCalledWith(`${SERVER}/seller/orders`);
    await screens.openOrders();
    expect(contents.loadURL).toHaveBeenCalledTimes(2);
    screens.stop();
  });

  test('opening the dashboard navigates the seller screens to /seller/dashboard, once', async () => {
    const { screens, contents, up } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    await screens.openDashboard();
    expect(contents.loadURL).toHaveBeenLastCalledWith(`${SERVER}/seller/dashboard`);
    await screens.openDashboard();
    expect(contents.loadURL).toHaveBeenCalledTimes(2);
    screens.stop();
  });

  test('opening the backups navigates the seller screens to /seller/backups, once', async () => {
    const { screens, contents, up } = setup({ saved: SERVER });
    up.add(SERVER);
    await screens.start();
    await screens.openBackups();
    expect(contents.loadURL).toHaveBeenLastCalledWith(`${SERVER}/seller/backups`);
    await screens.openBackups();
    expect(contents.loadURL).toHaveBeenCalledTimes(2);
    screens.stop();
  });

  test('on the first-run or offline page it does not navigate', async () => {
    const { screens, contents } = setup({ saved: SERVER });
    await screens.start();
    expect(screens.screen).toBe('offline');
    await screens.openOrders();
    expect(contents.loadURL).toHaveBeenCalledTimes(1);
    screens.stop();
  });
});
