import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aSubscription, KEY } from '../../../../test/push';
import { syncPush, turnOnPush, type PushServer } from '../../../../common/push/web-push';
import {
  activated,
  ORDER_NOTIFICATIONS_SCOPE,
  SHOP_SERVICE_WORKER,
  storefrontBrowser,
} from './storefront-push';

/** A worker of a registration, whose state a test moves on. */
function aWorker(state: ServiceWorkerState) {
  const listeners: (() => void)[] = [];
  const worker = {
    state,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    become(next: ServiceWorkerState) {
      worker.state = next;
      for (const listener of listeners) listener();
    },
  };
  return worker;
}

/** A registration of the storefront's worker, installed or (with `installing`) still starting. */
function aRegistration(installing?: ReturnType<typeof aWorker>) {
  const registration = {
    active: installing ? null : aWorker('activated'),
    installing: installing ?? null,
    waiting: null,
    pushManager: {
      getSubscription: vi.fn(async () => null as PushSubscription | null),
      subscribe: vi.fn(async () => aSubscription(KEY, 'https://fcm.googleapis.com/fcm/send/shop')),
    },
  };
  return registration;
}

/** The stand-in as the browser's type (it has what the code uses of one). */
const asRegistration = (registration: ReturnType<typeof aRegistration>) =>
  registration as unknown as ServiceWorkerRegistration;

const server = (): PushServer & { subscribe: ReturnType<typeof vi.fn> } => ({
  key: async () => KEY,
  subscribe: vi.fn(async () => undefined),
  unsubscribe: async () => undefined,
});

let registered: ReturnType<typeof aRegistration> | undefined;
let container: {
  getRegistration: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
};

beforeEach(() => {
  registered = undefined;
  container = {
    getRegistration: vi.fn(async () => registered),
    register: vi.fn(async () => {
      const worker = aWorker('installing');
      registered = aRegistration(worker);
      setTimeout(() => worker.become('activated'));
      return registered;
    }),
  };
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    permission: 'granted',
    requestPermission: async () => 'granted',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the storefront’s Web Push', () => {
  it('a shopper who has not turned notifications on is off, and gets no service worker', async () => {
    expect(await syncPush(storefrontBrowser(), server())).toBe('off');
    expect(container.getRegistration).toHaveBeenCalledWith(ORDER_NOTIFICATIONS_SCOPE);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('turning on registers the push-only worker for My Orders, waits for it to start, and subscribes there', async () => {
    const told = server();
    expect(await turnOnPush(storefrontBrowser(), told)).toBe('on');
    expect(container.register).toHaveBeenCalledWith(SHOP_SERVICE_WORKER, {
      scope: ORDER_NOTIFICATIONS_SCOPE,
    });
    expect(registered!.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(told.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ endpoint: 'https://fcm.googleapis.com/fcm/send/shop' }),
    );
  });

  it('uses the worker already registered, and is on while it holds a subscription', async () => {
    registered = aRegistration();
    registered.pushManager.getSubscription.mockResolvedValue(aSubscription(KEY));
    expect(await syncPush(storefrontBrowser(), server())).toBe('on');
    expect(container.register).not.toHaveBeenCalled();
  });

  it('says unsupported where the browser has no Push API', async () => {
    vi.stubGlobal('PushManager', undefined);
    expect(await syncPush(storefrontBrowser(), server())).toBe('unsupported');
  });

  it('gives up on a worker that does not start', async () => {
    const worker = aWorker('installing');
    const starting = activated(asRegistration(aRegistration(worker)), 1_000);
    worker.become('redundant');
    await expect(starting).rejects.toThrow('did not start');
    await expect(
      activated(asRegistration(aRegistration(aWorker('installing'))), 5),
    ).rejects.toThrow();
  });
});
