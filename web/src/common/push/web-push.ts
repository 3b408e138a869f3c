/*
 * Web Push in this browser, for the agent app's alerts of new orders and the storefront's
 * notifications of a shopper's orders: the browser subscribes with the server's key through a
 * service worker registration, the server pushes to it, and the worker shows a notification.
 * Each side gives its browser (which registration) and its server (which routes).
 */

/** Where push stands in this browser. */
export type PushState =
  /** The browser cannot receive push messages here (an iPhone outside an installed app). */
  | 'unsupported'
  /** The person (or the browser's settings) blocked this site's notifications. */
  | 'blocked'
  | 'off'
  | 'on';

/** What push uses of the browser: narrow, so tests can stand in for it. */
export interface PushBrowser {
  /** `Notification`, when the browser has it. */
  notifications?: Pick<typeof Notification, 'permission' | 'requestPermission'>;
  /** The service worker registration messages arrive at, once active; null without one. */
  registration(): Promise<{
    pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
  } | null>;
}

/** A subscription as the server takes it (PushSubscription's `toJSON()`, without its expiry). */
export interface SubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The server's side of push: its key, and the routes that keep and forget a subscription. */
export interface PushServer {
  key(): Promise<string>;
  subscribe(body: SubscriptionBody): Promise<void>;
  unsubscribe(endpoint: string): Promise<void>;
}

/**
 * How long the browser's push service may take to give a subscription before turning push on
 * gives up: one it cannot reach (no Google services on the phone, a network that blocks it)
 * keeps the browser waiting a minute or more.
 */
export const PUSH_SERVICE_WAIT_MS = 8_000;

/** The browser's push service gave no subscription within {@link PUSH_SERVICE_WAIT_MS}. */
export class PushServiceSilentError extends Error {
  constructor() {
    super('The browser’s push service did not answer');
    this.name = 'PushServiceSilentError';
  }
}

/**
 * A new subscription with `key`, from the browser's push service.
 * @throws PushServiceSilentError when the push service does not answer in time.
 */
function subscribeWith(
  pushManager: Pick<PushManager, 'subscribe'>,
  key: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushServiceSilentError()), PUSH_SERVICE_WAIT_MS);
    pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).then(
      (subscription) => {
        clearTimeout(timer);
        resolve(subscription);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A base64url key (the server's VAPID public key) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Whether a subscription was made with `key` (a new server key makes older ones useless). */
export function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** The subscription as the server takes it. */
function subscriptionBody(subscription: PushSubscription): SubscriptionBody {
  const { keys } = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  };
}

/**
 * Whether push is on here, telling the server again when it is: the subscription may have been
 * forgotten there (a re-invited phone, a shopper who signed in again), or the server's key
 * changed (a subscription made with an older key is replaced). Out of reach, the browser's own
 * state.
 */
export async function syncPush(browser: PushBrowser, server: PushServer): Promise<PushState> {
  if (!browser.notifications) return 'unsupported';
  if (browser.notifications.permission === 'denied') return 'blocked';
  const registration = await browser.registration();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return 'off';
  if (browser.notifications.permission !== 'granted') {
    // Permission taken back in the browser's settings: the subscription can show nothing.
    await subscription.unsubscribe();
    return 'off';
  }
  try {
    const key = keyBytes(await server.key());
    let current = subscription;
    if (!madeWithKey(subscription, key)) {
      await subscription.unsubscribe();
      current = await subscribeWith(registration.pushManager, key);
    }
    await server.subscribe(subscriptionBody(current));
  } catch (error) {
    console.warn('Push could not be checked with the shop:', error);
  }
  return 'on';
}

/**
 * Turns push on: asks for the notification permission (call it from the person's tap, before
 * anything else: some browsers ask only then), subscribes with the server's key and tells the
 * server. Answers 'unsupported', 'blocked' or 'off' (the question dismissed) when it cannot.
 * @throws ApiError when the server cannot be reached or refuses; the browser's error when its
 * push service refuses, and PushServiceSilentError when it does not answer in time.
 */
export async function turnOnPush(browser: PushBrowser, server: PushServer): Promise<PushState> {
  const notifications = browser.notifications;
  if (!notifications) return 'unsupported';
  const permission =
    notifications.permission === 'default'
      ? await notifications.requestPermission()
      : notifications.permission;
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await browser.registration();
  if (!registration) return 'unsupported';
  const key = keyBytes(await server.key());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWithKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await subscribeWith(registration.pushManager, key);
  await server.subscribe(subscriptionBody(subscription));
  return 'on';
}

/**
 * Turns push off in this browser: the server forgets the subscription, and the browser drops it.
 * Out of reach, the browser drops it all the same: the push service then answers the server's
 * next message 'gone', and the server forgets it too.
 */
export async function turnOffPush(browser: PushBrowser, server: PushServer): Promise<void> {
  const registration = await browser.registration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await server.unsubscribe(subscription.endpoint);
  } catch (error) {
    console.warn('The shop could not be told that push is off:', error);
  }
  await subscription.unsubscribe();
}
