import { describe, expect, test, vi } from 'vitest';
import { recordingLogger } from '../test/fixtures.js';
import {
  counterWindowOptions,
  guardNavigation,
  navigationDecision,
  newWindowDecision,
  permissionGranted,
  PRINT_WINDOW_OPTIONS,
  restoredBounds,
} from './window.js';
import type { GuardedContents } from './window.js';

const SERVER = 'http://192.168.1.20:4000';

type NavigationListener = (event: {
  url: string;
  isMainFrame: boolean;
  preventDefault(): void;
}) => void;

/** A web contents that records its guards, and fires navigation attempts at them. */
function guardedContents(server: string | null = SERVER) {
  const listeners = new Map<string, NavigationListener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents: GuardedContents = {
    on: (event: string, listener: NavigationListener) => void listeners.set(event, listener),
    setWindowOpenHandler: (handler) => void (openHandler = handler),
  };
  const openExternal = vi.fn(async (_url: string) => {});
  const log = recordingLogger();
  guardNavigation(contents, () => server, openExternal, log);
  const attempt = (event: string, url: string, isMainFrame = true) => {
    const preventDefault = vi.fn();
    listeners.get(event)!({ url, isMainFrame, preventDefault });
    return preventDefault.mock.calls.length > 0 ? 'blocked' : 'allowed';
  };
  const openWindow = (url: string) => openHandler!({ url });
  return { attempt, openWindow, openExternal, log };
}

describe('navigation', () => {
  test('pages may navigate within the server origin and nowhere else', () => {
    const { attempt, log } = guardedContents();
    expect(attempt('will-navigate', `${SERVER}/seller/orders`)).toBe('allowed');
    expect(attempt('will-navigate', `${SERVER}/`)).toBe('allowed');
    expect(attempt('will-navigate', 'https://evil.example/seller')).toBe('blocked');
    expect(attempt('will-navigate', 'http://192.168.1.20:8080/')).toBe('blocked');
    expect(attempt('will-navigate', 'file:///etc/passwd')).toBe('blocked');
    expect(attempt('will-navigate', 'javascript:alert(1)')).toBe('blocked');
    expect(attempt('will-redirect', 'https://evil.example/')).toBe('blocked');
    expect(log.entries).toHaveLength(5);
    expect(log.entries[0]).toMatchObject({
      level: 'warn',
      message: 'navigation: blocked a page leaving the server',
      details: { url: 'https://evil.example/seller' },
    });
  });

  test('before a server is configured no page navigates anywhere', () => {
    const { attempt } = guardedContents(null);
    expect(attempt('will-navigate', 'http://localhost:4000/seller')).toBe('blocked');
  });

  test('a subframe navigating is left to the page', () => {
    const { attempt } = guardedContents();
    expect(attempt('will-navigate', 'https://maps.example/embed', false)).toBe('allowed');
  });

  test('<webview> is never attached', () => {
    const { attempt } = guardedContents();
    expect(attempt('will-attach-webview', 'about:blank')).toBe('blocked');
  });

  test('navigationDecision', () => {
    expect(navigationDecision('not a url', SERVER)).toBe('deny');
    expect(navigationDecision(`${SERVER}/seller`, SERVER)).toBe('allow');
  });
});

describe('new windows', () => {
  test('every new window is denied; an https link elsewhere opens in the system browser', () => {
    const { openWindow, openExternal, log } = guardedContents();
    expect(openWindow('https://razorpay.example/help')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://razorpay.example/help');

    for (const url of [
      `${SERVER}/seller/orders`,
      'http://plain-http.example/',
      'file:///etc/passwd',
      'mailto:shop@example.com',
      'about:blank',
      'not a url',
    ]) {
      expect(openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(log.entries).toHaveLength(6);
    expect(log.entries[0]).toMatchObject({ message: 'navigation: blocked a new window' });
  });

  test('a same-origin https link does not leave the app either', () => {
    expect(newWindowDecision('https://shop.example/seller', 'https://shop.example')).toBe('deny');
    expect(newWindowDecision('https://other.example/', 'https://shop.example')).toBe(
      'open-in-browser',
    );
  });

  test('a system browser that fails to open is logged', async () => {
    const { openWindow, openExternal, log } = guardedContents();
    openExternal.mockRejectedValueOnce(new Error('no browser'));
    openWindow('https://example.com/');
    await vi.waitFor(() =>
      expect(log.entries).toEqual([
        expect.objectContaining({ message: 'navigation: the system browser did not open' }),
      ]),
    );
  });
});

describe('window options', () => {
  test('the counter window runs sandboxed with context isolation, no Node and web security on', () => {
    const options = counterWindowOptions(null, [], '/app/dist/preload/index.cjs');
    expect(options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options.show).toBe(false);
  });

  test('the print window is sandboxed too and runs no script', () => {
    expect(PRINT_WINDOW_OPTIONS.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
    });
    expect(PRINT_WINDOW_OPTIONS.webPreferences).not.toHaveProperty('preload');
  });

  test('saved bounds come back when they are on a display, else only the size', () => {
    const displays = [{ x: 0, y: 0, width: 1920, height: 1040 }];
    const saved = { x: 100, y: 80, width: 1200, height: 800, maximized: false };
    expect(restoredBounds(saved, displays)).toEqual({ x: 100, y: 80, width: 1200, height: 800 });
    // The second monitor it was on is gone.
    expect(restoredBounds({ ...saved, x: 2500 }, displays)).toEqual({ width: 1200, height: 800 });
    expect(restoredBounds(null, displays)).toEqual({ width: 1280, height: 820 });
  });
});

describe('permissions', () => {
  test('the seller screens may write the clipboard and go full screen, nothing more', () => {
    expect(permissionGranted('clipboard-sanitized-write', `${SERVER}/seller`, SERVER)).toBe(true);
    expect(permissionGranted('fullscreen', SERVER, SERVER)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'usb']) {
      expect(permissionGranted(permission, `${SERVER}/seller`, SERVER)).toBe(false);
    }
    expect(permissionGranted('fullscreen', 'https://evil.example/', SERVER)).toBe(false);
  });
});
