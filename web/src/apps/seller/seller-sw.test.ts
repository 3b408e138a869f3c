import { afterEach, describe, expect, it, vi } from 'vitest';
import appShellSource from '../../../public/app-shell-sw.js?raw';
import workerSource from '../../../public/seller-sw.js?raw';

const ORIGIN = 'https://shop.example.in';
const PRECACHED = ['/seller', '/favicon.svg', '/assets/main-1.js', '/assets/counter-page-1.js'];
const CACHE = 'kirana-seller-v2';

const page = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/html' } });

/** The browser's CacheStorage in small: caches by name, answers by URL. */
function aCacheStorage(origin: string) {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: string | { url: string }) =>
    new URL(typeof request === 'string' ? request : request.url, origin).href;
  const open = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (request: string | { url: string }) => store.get(key(request))?.clone(),
      put: async (request: string | { url: string }, response: Response) => {
        store.set(key(request), response);
      },
      addAll: async (urls: string[]) => {
        for (const url of urls) store.set(key(url), new Response(`precached ${url}`));
      },
    };
  };
  return {
    stores,
    open: async (name: string) => open(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string | { url: string }) => {
      for (const store of stores.values()) {
        const found = store.get(key(request));
        if (found) return found.clone();
      }
      return undefined;
    },
  };
}

/**
 * The seller area's service worker (web/public/seller-sw.js) run against a stand-in of its
 * global scope, its caches and the network (`network`: what fetch answers for a URL).
 */
function startWorker(network: (url: string) => Promise<Response>) {
  const listeners = new Map<string, (event: object) => void>();
  const caches = aCacheStorage(ORIGIN);
  const asked: string[] = [];
  const scope = {
    location: new URL(`${ORIGIN}/seller-sw.js`),
    KIRANA_SELLER_PRECACHE: undefined as unknown,
    importScripts(...urls: string[]) {
      expect(urls).toEqual(['/seller-sw-precache.js', '/app-shell-sw.js']);
      scope.KIRANA_SELLER_PRECACHE = { version: 'v2', urls: PRECACHED };
      new Function('self', 'caches', 'fetch', appShellSource)(scope, caches, fetch);
    },
    addEventListener: (type: string, listener: (event: object) => void) =>
      listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
  };
  const fetch = (request: string | { url: string }) => {
    const url = typeof request === 'string' ? request : request.url;
    asked.push(url);
    return network(url);
  };
  new Function('self', 'caches', 'fetch', workerSource)(scope, caches, fetch);

  async function lifecycle(type: 'install' | 'activate') {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  }

  /** A request the page makes: the worker's answer, or null when it leaves it to the browser. */
  function request(
    path: string,
    { mode = 'cors', method = 'GET' }: { mode?: string; method?: string } = {},
  ): Promise<Response> | null {
    let answer: Promise<Response> | null = null;
    const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
    listeners.get('fetch')!({
      request: { url, mode, method },
      respondWith: (response: Promise<Response>) => (answer = response),
      waitUntil: () => undefined,
    });
    return answer;
  }
  return { caches, asked, scope, lifecycle, request };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the seller area’s service worker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('precaches the build’s list in a cache named by its version, and takes over at once', async () => {
    const worker = startWorker(offline);
    await worker.lifecycle('install');
    expect([...worker.caches.stores.keys()]).toEqual([CACHE]);
    expect([...worker.caches.stores.get(CACHE)!.keys()]).toEqual(
      PRECACHED.map((path) => `${ORIGIN}${path}`),
    );
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
  });

  it('opens a seller page from the network when it answers, and keeps that page as the shell', async () => {
    const worker = startWorker(async () => page('fresh page'));
    await worker.lifecycle('install');
    const answer = await worker.request('/seller/counter', { mode: 'navigate' });
    expect(await answer!.text()).toBe('fresh page');
    await Promise.resolve();
    const shell = await (await worker.caches.open(CACHE)).match('/seller');
    expect(await shell!.text()).toBe('fresh page');
  });

  it('opens the cached shell when the server cannot be reached', async () => {
    const worker = startWorker(offline);
    await worker.lifecycle('install');
    const answer = await worker.request('/seller/counter?held=1', { mode: 'navigate' });
    expect(await answer!.text()).toBe('precached /seller');
  });

  it('opens the cached shell when a proxy says the server is unreachable (502, 503, 504), not its error page', async () => {
    for (const status of [502, 503, 504]) {
      const worker = startWorker(async () => page('Bad gateway', status));
      await worker.lifecycle('install');
      const answer = await worker.request('/seller/counter', { mode: 'navigate' });
      expect(await answer!.text()).toBe('precached /seller');
    }
  });

  it('opens the cached shell when the network is slower than 4 s', async () => {
    vi.useFakeTimers();
    const worker = startWorker(() => new Promise<Response>(() => undefined));
    await worker.lifecycle('install');
    const answer = worker.request('/seller', { mode: 'navigate' })!;
    await vi.advanceTimersByTimeAsync(4000);
    expect(await (await answer).text()).toBe('precached /seller');
  });

  it('answers built files from its cache without asking the network, and keeps a file not yet cached', async () => {
    const worker = startWorker(async (url) => new Response(`network ${url}`));
    await worker.lifecycle('install');
    expect(await (await worker.request('/assets/counter-page-1.js'))!.text()).toBe(
      'precached /assets/counter-page-1.js',
    );
    expect(worker.asked).toEqual([]);

    expect(await (await worker.request('/assets/later-1.js'))!.text()).toBe(
      `network ${ORIGIN}/assets/later-1.js`,
    );
    const kept = await (await worker.caches.open(CACHE)).match('/assets/later-1.js');
    expect(await kept!.text()).toBe(`network ${ORIGIN}/assets/later-1.js`);
  });

  it('never touches the API, the socket, uploads, payments, changes, other sites, or pages outside the seller area', async () => {
    const worker = startWorker(offline);
    await worker.lifecycle('install');
    const untouched = [
      worker.request('/api/seller/is-auth'),
      worker.request('/api/counter/sales', { method: 'POST' }),
      worker.request('/socket.io/?EIO=4&transport=polling'),
      worker.request('/uploads/tea.webp'),
      worker.request('/payments/sandbox/checkout.js'),
      worker.request('/assets/main-1.js', { method: 'POST' }),
      worker.request('https://api.example.in/assets/main-1.js'),
      worker.request('/', { mode: 'navigate' }),
      worker.request('/sellers', { mode: 'navigate' }),
      worker.request('/agents', { mode: 'navigate' }),
      worker.request('/api/seller/is-auth', { mode: 'navigate' }),
    ];
    expect(untouched).toEqual(untouched.map(() => null));
  });

  it('on taking over, drops its caches older than the previous generation, and no other app’s', async () => {
    const worker = startWorker(offline);
    for (const name of ['kirana-seller-v0', 'kirana-seller-v1', 'kirana-agent-a1']) {
      await worker.caches.open(name);
    }
    await worker.lifecycle('install');
    await worker.lifecycle('activate');
    expect([...worker.caches.stores.keys()].sort()).toEqual([
      'kirana-agent-a1',
      'kirana-seller-v1',
      CACHE,
    ]);
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });
});
