import { describe, expect, it, vi } from 'vitest';
import workerSource from '../../../../../public/agents-sw.js?raw';
import appShellSource from '../../../../../public/app-shell-sw.js?raw';
import pushSource from '../../../../../public/push-sw.js?raw';

const ORIGIN = 'https://shop.example.in';
const ORDER = '019a8f3e-7c2b-7d11-9a4e-5b6c7fcac308';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** A browser window showing `path`; `navigate` fails as for a page the worker does not control. */
function aWindow(path: string, { controlled = true } = {}): FakeWindow {
  const window: FakeWindow = {
    url: `${ORIGIN}${path}`,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async (url: string) => {
      if (!controlled) throw new TypeError('not controlled');
      return { ...window, url };
    }),
  };
  return window;
}

/**
 * The agent app's service worker (web/public/agents-sw.js) run against a stand-in of its
 * global scope: what it shows, and which windows it focuses, moves or opens.
 */
function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: object) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope = {
    location: new URL(`${ORIGIN}/agents-sw.js`),
    KIRANA_AGENT_PRECACHE: undefined as unknown,
    importScripts(...urls: string[]) {
      expect(urls).toEqual(['/agents-sw-precache.js', '/app-shell-sw.js', '/push-sw.js']);
      scope.KIRANA_AGENT_PRECACHE = { version: 'test', urls: [] };
      new Function('self', 'caches', appShellSource)(scope, {});
      new Function('self', pushSource)(scope);
    },
    addEventListener: (type: string, listener: (event: object) => void) =>
      listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  new Function('self', 'caches', workerSource)(scope, {});

  async function dispatch(type: string, event: object) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  }
  return {
    shown,
    opened,
    push: (data: string) =>
      dispatch('push', {
        data: {
          json: () => JSON.parse(data) as unknown,
        },
      }),
    tap: async (url: unknown) => {
      const close = vi.fn();
      await dispatch('notificationclick', { notification: { data: { url }, close } });
      return close;
    },
  };
}

describe('the agent app’s service worker and alerts', () => {
  it('shows a pushed alert as a notification that replaces an earlier one about the order', async () => {
    const worker = startWorker();
    await worker.push(
      JSON.stringify({
        title: 'New order #7FCAC308',
        body: '₹289.00 · 3 items · Bengaluru 560001',
        tag: ORDER,
        url: `/agents?order=${ORDER}`,
      }),
    );
    expect(worker.shown).toEqual([
      {
        title: 'New order #7FCAC308',
        options: {
          body: '₹289.00 · 3 items · Bengaluru 560001',
          tag: ORDER,
          renotify: true,
          icon: '/agent-app/icon-192.png',
          badge: '/agent-app/icon-192.png',
          data: { url: `${ORIGIN}/agents?order=${ORDER}` },
        },
      },
    ]);
  });

  it('a tap focuses the open app and takes it to the order', async () => {
    const app = aWindow('/agents/delivered');
    const shop = aWindow('/');
    const worker = startWorker([shop, app]);
    const close = await worker.tap(`${ORIGIN}/agents?order=${ORDER}`);
    expect(close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/agents?order=${ORDER}`);
    expect(shop.focus).not.toHaveBeenCalled();
    expect(worker.opened).toEqual([]);
  });

  it('a tap opens the app at the order when it is not open, or not this worker’s to move', async () => {
    const shopOnly = startWorker([aWindow('/')]);
    await shopOnly.tap(`${ORIGIN}/agents?order=${ORDER}`);
    expect(shopOnly.opened).toEqual([`${ORIGIN}/agents?order=${ORDER}`]);

    const uncontrolled = startWorker([aWindow('/agents', { controlled: false })]);
    await uncontrolled.tap(`${ORIGIN}/agents?order=${ORDER}`);
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/agents?order=${ORDER}`]);
  });

  it('never leads outside the app: another site, or another part of the shop, opens Active Orders', async () => {
    for (const url of [
      'https://evil.example/agents',
      `${ORIGIN}/seller`,
      'javascript:alert(1)',
      42,
    ]) {
      const worker = startWorker();
      await worker.tap(url);
      expect(worker.opened).toEqual([`${ORIGIN}/agents`]);
    }
  });
});
