/** Stand-ins of a browser's Web Push for the agent app's and the storefront's tests. */
import { vi } from 'vitest';
import { keyBytes, type PushBrowser } from '../common/push/web-push';

// A VAPID public key as the server gives it (65 bytes, base64url), and another.
export const KEY = `B${'A'.repeat(84)}E0`;
export const OTHER_KEY = `B${'Q'.repeat(84)}E0`;

/** A browser's PushSubscription, made with `key`. */
export function aSubscription(
  key: string,
  endpoint = 'https://fcm.googleapis.com/fcm/send/phone-1',
) {
  return {
    endpoint,
    options: { applicationServerKey: keyBytes(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: 'phone-p256dh', auth: 'phone-auth' } }),
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

/** A phone (or any browser): its notification permission (and the answer the question would get), its subscription. */
export function aPhone({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscription = null as PushSubscription | null,
  registered = true,
} = {}) {
  const state = { permission, subscription };
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options.applicationServerKey as Uint8Array);
      state.subscription = aSubscription(
        toBase64url(key),
        'https://fcm.googleapis.com/fcm/send/new',
      );
      return state.subscription;
    }),
  };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const browser: PushBrowser = {
    notifications: {
      get permission() {
        return state.permission;
      },
      requestPermission,
    } as PushBrowser['notifications'],
    registration: async () => (registered ? { pushManager } : null),
  };
  return { browser, state, pushManager, requestPermission };
}

export function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
