import type { PushLocale, PushSubscribeBody } from '@kirana/shared';
import { getPushKey } from '../../../../common/push/api/get-push-key';
import {
  syncPush,
  turnOffPush,
  turnOnPush,
  type PushBrowser,
  type PushServer,
  type PushState,
} from '../../../../common/push/web-push';
import { AGENT_SCOPE } from '../../service-worker';
import { subscribePush } from './api/subscribe-push';
import { unsubscribePush } from './api/unsubscribe-push';

/*
 * Alerts when the app is closed: the phone's browser subscribes to Web Push with the server's
 * key, and the server pushes each new open order to it; the agent app's service worker
 * (web/public/agents-sw.js) shows it as a notification, and a tap opens the order.
 */

/** Where alerts stand on this phone. */
export type AlertsState = PushState;

/** What of the browser alerts use: the agent app's service worker registration. */
export type AlertsBrowser = PushBrowser;

/** The server's side of alerts (api/), in the app's language. */
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

/** The server, told the language alerts are written in with each subscription. */
const inLocale = (server: AlertsServer, locale: PushLocale): PushServer => ({
  key: () => server.key(),
  subscribe: (body) => server.subscribe({ ...body, locale }),
  unsubscribe: (endpoint) => server.unsubscribe(endpoint),
});

/**
 * Whether alerts are on here, telling the server again when they are, in `locale`: see
 * {@link syncPush} (its language may have changed too).
 */
export function syncAlerts(
  locale: PushLocale,
  browser: AlertsBrowser = pageBrowser(),
  server: AlertsServer = appServer,
): Promise<AlertsState> {
  return syncPush(browser, inLocale(server, locale));
}

/**
 * Turns alerts on, in `locale` (call it from the agent's tap): see {@link turnOnPush}.
 * @throws ApiError when the server cannot be reached or refuses; the browser's error when its
 * push service cannot be (e.g. no Google services on the phone).
 */
export function turnOnAlerts(
  locale: PushLocale,
  browser: AlertsBrowser = pageBrowser(),
  server: AlertsServer = appServer,
): Promise<AlertsState> {
  return turnOnPush(browser, inLocale(server, locale));
}

/** Turns alerts off on this phone (and at logout): see {@link turnOffPush}. */
export function turnOffAlerts(
  browser: AlertsBrowser = pageBrowser(),
  server: AlertsServer = appServer,
): Promise<void> {
  return turnOffPush(browser, inLocale(server, 'en'));
}
