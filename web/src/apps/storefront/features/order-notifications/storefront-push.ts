import { getPushKey } from '../../../../common/push/api/get-push-key';
import type { PushBrowser, PushServer } from '../../../../common/push/web-push';
import { subscribeOrderNotifications } from './api/subscribe-order-notifications';
import { unsubscribeOrderNotifications } from './api/unsubscribe-order-notifications';

/**
 * The storefront's service worker (web/public/shop-sw.js): push only, scoped to My Orders, so it
 * controls no other page of the store and leaves the agent app's (/agents) alone.
 */
export const SHOP_SERVICE_WORKER = '/shop-sw.js';
export const ORDER_NOTIFICATIONS_SCOPE = '/my-orders';

/** How long a new worker may take to start before turning on gives up. */
const ACTIVATION_WAIT_MS = 10_000;

type Registration = Pick<
  ServiceWorkerRegistration,
  'active' | 'installing' | 'waiting' | 'pushManager'
>;

/** `registration` once its worker is active (a new one installs and starts in a moment). */
export function activated<R extends Registration>(
  registration: R,
  waitMs = ACTIVATION_WAIT_MS,
): Promise<R> {
  if (registration.active) return Promise.resolve(registration);
  const worker = registration.installing ?? registration.waiting;
  return new Promise((resolve, reject) => {
    const fail = () => reject(new Error('The store’s service worker did not start'));
    if (!worker) return fail();
    const timer = setTimeout(fail, waitMs);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') {
        clearTimeout(timer);
        resolve(registration);
      } else if (worker.state === 'redundant') {
        clearTimeout(timer);
        fail();
      }
    });
  });
}

/**
 * This browser for the notifications of a shopper's orders: the storefront's registration when
 * there is one. When there is none yet, a stand-in with no subscription whose `subscribe`
 * registers the worker first: a shopper who never turns notifications on gets no worker.
 */
export const storefrontBrowser = (): PushBrowser => ({
  notifications: typeof Notification === 'undefined' ? undefined : Notification,
  async registration() {
    if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
    const container = navigator.serviceWorker;
    const registration = await container.getRegistration(ORDER_NOTIFICATIONS_SCOPE);
    if (registration) return activated(registration);
    return {
      pushManager: {
        getSubscription: async () => null,
        async subscribe(options) {
          const made = await container.register(SHOP_SERVICE_WORKER, {
            scope: ORDER_NOTIFICATIONS_SCOPE,
          });
          return (await activated(made)).pushManager.subscribe(options);
        },
      },
    };
  },
});

/** The server's side: the key shared with the agents' alerts, and the shopper's routes. */
export const storefrontServer: PushServer = {
  key: getPushKey,
  subscribe: subscribeOrderNotifications,
  unsubscribe: unsubscribeOrderNotifications,
};

/*
 * Whose orders this browser's subscription notifies: a browser that shoppers share (a family's
 * laptop) carries no one's notifications over to the next one signed in.
 */
const OWNER_KEY = 'kirana.orderNotifications.owner';

/** Storage may be unavailable (private modes, disabled cookies): then no owner is known. */
export const notificationsOwner = {
  get(): string | null {
    try {
      return globalThis.localStorage?.getItem(OWNER_KEY) ?? null;
    } catch {
      return null;
    }
  },
  set(userId: string | null): void {
    try {
      if (userId) globalThis.localStorage?.setItem(OWNER_KEY, userId);
      else globalThis.localStorage?.removeItem(OWNER_KEY);
    } catch {
      // Unknown, the owner differs from every shopper: notifications show as off next time.
    }
  },
};
