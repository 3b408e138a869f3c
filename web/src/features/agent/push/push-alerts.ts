import type { PushLocale, PushSubscribeBody } from '@kirana/shared';
import { AGENT_SCOPE } from '../service-worker';
import { getPushKey } from './api/get-push-key';
import { subscribePush } from './api/subscribe-push';
import { unsubscribePush } from './api/unsubscribe-push';

/*
 * Alerts when the app is closed: the phone's browser subscribes to Web Push with the server's
 * key, and the server pushes each new open order to it; the agent app's service worker
 * (web/public/agents-sw.js) shows it as a notification, and a tap opens the order.
 */

/** Where alerts stand on this phone. */
export type AlertsState =
  /** The browser cannot receive push messages here (an iPhone outside the installed app). */
  | 'unsupported'
  /** The agent (or the phone's settings) blocked this site's notifications. */
  | 'blocked'
  | 'off'
  | 'on';

/** What of the browser alerts use: narrow, so tests can stand in for it. */
export interface AlertsBrowser {
  /** `Notification`, when the browser has it. */
  notifications?: Pick<typeof Notification, 'permission' | 'requestPermission'>;
  /** The agent app's service worker registration, once active; null without one. */
  registration(): Promise<{
    pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
  } | null>;
}

/** The server's side of alerts (features/agent/push/api). */
export interface AlertsServer {
  key(): Promise<string>;
  subscribe(body: PushSubscribeBody): Promise<void>;
  unsubscribe(endpoint: string): Promise<void>;
}

/** How long a registration found still installing may take to become active. */
const ACTIVATION_WAIT_MS = 10_000;

/** The page's browser: a service worker registration for /agents and the Push API, when there. */
export const pageBrowser = (): AlertsBrowser => ({
  notifications: typeof Notification === 'undefined' ? undefined : Notification,
  async registration() {
    if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
    // None in a development build (registerAgentServiceWorker registers in production only).
    const registration = await navigator.serviceWorker.getRegistration(AGENT_SCOPE);
    if (!registration) return null;
    if (registration.active) return registration;
    const timeout = new Promise<null>((resolve) => setTimeout(resolve, ACTIVATION_WAIT_MS, null));
    return Promise.race([navigator.serviceWorker.ready, timeout]);
  },
});

export const appServer: AlertsServer = {
  key: getPushKey,
  subscribe: subscribePush,
  unsubscribe: unsubscribePush,
};

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

/** The subscription as the server takes it, with the language of its alerts. */
function subscribeBody(subscription: PushSubscription, locale: PushLocale): PushSubscribeBody {
  const { keys } = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    locale,
  };
}

/**
 * Whether alerts are on here, telling the server again when they are: the subscription may have
 * been forgotten there (a re-invited phone), its language may have changed, or the server's key
 * (a subscription made with an older key is replaced). Out of reach, the phone's own state.
 */
export async function syncAlerts(
  locale: PushLocale,
  browser: AlertsBrowser = pageBrowser(),
  server: AlertsServer = appServer,
): Promise<AlertsState> {
  if (!browser.notifications) return 'unsupported';
  if (browser.notifications.permission === 'denied') return 'blocked';
  const registration = await browser.registration();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return 'off';
  if (browser.notifications.permission !== 'granted') {
    // Permission taken back in the phone's settings: the subscription can show nothing.
    await subscription.unsubscribe();
    return 'off';
  }
  try {
    const key = keyBytes(await server.key());
    let current = subscription;
    if (!madeWithKey(subscription, key)) {
      await subscription.unsubscribe();
      current = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
    }
    await server.subscribe(subscribeBody(current, locale));
  } catch (error) {
    console.warn('Alerts could not be checked with the shop:', error);
  }
  return 'on';
}

/**
 * Turns alerts on: asks for the notification permission (call it from the agent's tap, before
 * anything else: some browsers ask only then), subscribes with the server's key and tells the
 * server. Answers 'unsupported', 'blocked' or 'off' (the question dismissed) when it cannot.
 * @throws ApiError when the server cannot be reached or refuses; the browser's error when its
 * push service cannot be (e.g. no Google services on the phone).
 */
export async function turnOnAlerts(
  locale: PushLocale,
  browser: AlertsBrowser = pageBrowser(),
  server: AlertsServer = appServer,
): Promise<AlertsState> {
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
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await server.subscribe(subscribeBody(subscription, locale));
  return 'on';
}

/**
 * Turns alerts off on this phone (and at logout): the server forgets the subscription, and the
 * browser drops it. Out of reach, the browser drops it all the same: the push service then
 * answers the server's next message 'gone', and the server forgets it too.
 */
export async function turnOffAlerts(
  browser: AlertsBrowser = pageBrowser(),
  server: AlertsServer = appServer,
): Promise<void> {
  const registration = await browser.registration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await server.unsubscribe(subscription.endpoint);
  } catch (error) {
    console.warn('The shop could not be told that alerts are off:', error);
  }
  await subscription.unsubscribe();
}
