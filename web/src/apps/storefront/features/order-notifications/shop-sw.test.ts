import { describe, expect, it, vi } from 'vitest';
import pushSource from '../../../../../public/push-sw.js?raw';
import workerSource from '../../../../../public/shop-sw.js?raw';

const ORIGIN = 'https://shop.example.in';
const ORDER = '019a8f3e-7c2b-7d11-9a4e-5b6c7fcac308';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
}

const aWindow = (path: string): FakeWindow => ({
  url: `${ORIGIN}${path}`,
  focus: vi.fn(async () => undefined),
});

/**
 * The storefront's service worker (web/public/shop-sw.js) run against a stand-in of its global
 * scope: what it shows, which windows it focuses or opens, what it tells the server.
 */
function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: object) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const posted: { path: string; body: unknown }[] = [];
  const renewed = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/renewed',
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/renewed', keys: {} }),
  };
  const scope = {
    location: new URL(`${ORIGIN}/shop-sw.js`),
    importScripts(...urls: string[]) {
      expect(urls).toEqual(['/push-sw.js']);
      new Function('self', 'fetch', pushSource)(scope, fetch);
    },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: (event: object) => void) =>
      listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
      pushManager: { subscribe: vi.fn(async () => renewed) },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  const fetch = async (path: string, init: RequestInit) => {
    posted.push({ path, body: JSON.parse(String(init.body)) });
    return new Response('{"success":true}');
  };
  new Function('self', 'fetch', workerSource)(scope, fetch);

  async function dispatch(type: string, event: object) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  }
  return {
    listeners,
    shown,
    opened,
    posted,
    push: (data: string) => dispatch('push', { data: { json: () => JSON.parse(data) as unknown } }),
    tap: async (url: unknown) => {
      const close = vi.fn();
      await dispatch('notificationclick', { notification: { data: { url }, close } });
      return close;
    },
    renew: (event: object) => dispatch('pushsubscriptionchange', event),
  };
}

describe('the storefront’s service worker', () => {
  it('handles no request: pages load as without it', () => {
    expect([...startWorker().listeners.keys()].sort()).toEqual([
      'install',
      'notificationclick',
      'push',
      'pushsubscriptionchange',
    ]);
  });

  it('shows a pushed change of an order as a notification that replaces an earlier one about it', async () => {
    const worker = startWorker();
    await worker.push(
      JSON.stringify({
        title: 'Meena is bringing your order',
        body: 'Arrives by 12:40 pm · Order #7FCAC308',
        tag: ORDER,
        url: '/my-orders',
      }),
    );
    expect(worker.shown).toEqual([
      {
        title: 'Meena is bringing your order',
        options: {
          body: 'Arrives by 12:40 pm · Order #7FCAC308',
          tag: ORDER,
          renotify: true,
          icon: '/logo.png',
          badge: '/logo.png',
          data: { url: `${ORIGIN}/my-orders` },
        },
      },
    ]);
  });

  it('still says an order changed when the message is not one it understands', async () => {
    const worker = startWorker();
    await worker.push('not json');
    expect(worker.shown[0]).toMatchObject({
      title: 'Your order has changed',
      options: { body: 'See My Orders.', data: { url: `${ORIGIN}/my-orders` } },
    });
  });

  it('a tap focuses My Orders when it is open, else opens it', async () => {
    const myOrders = aWindow('/my-orders');
    const home = aWindow('/');
    const worker = startWorker([home, myOrders]);
    const close = await worker.tap(`${ORIGIN}/my-orders`);
    expect(close).toHaveBeenCalled();
    expect(myOrders.focus).toHaveBeenCalled();
    expect(home.focus).not.toHaveBeenCalled();
    expect(worker.opened).toEqual([]);

    const elsewhere = startWorker([aWindow('/'), aWindow('/agents')]);
    await elsewhere.tap('/my-orders');
    expect(elsewhere.opened).toEqual([`${ORIGIN}/my-orders`]);
  });

  it('never leads anywhere but My Orders', async () => {
    for (const url of ['https://evil.example/my-orders', `${ORIGIN}/seller`, 'javascript:1', 7]) {
      const worker = startWorker();
      await worker.tap(url);
      expect(worker.opened).toEqual([`${ORIGIN}/my-orders`]);
    }
  });

  it('tells the shopper’s routes of a subscription the browser renewed, and forgets the old one', async () => {
    const worker = startWorker();
    const old = { endpoint: 'https://fcm.googleapis.com/fcm/send/old', options: {} };
    await worker.renew({ oldSubscription: old, newSubscription: null });
    expect(worker.posted).toEqual([
      {
        path: '/api/user/push/subscribe',
        body: { endpoint: 'https://fcm.googleapis.com/fcm/send/renewed', keys: {} },
      },
      { path: '/api/user/push/unsubscribe', body: { endpoint: old.endpoint } },
    ]);
  });
});
