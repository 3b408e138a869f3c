import * as z from 'zod/mini';
import { readableText, requestBody, successAnswerSchema } from './common.js';

/** The languages an agent's alerts are written in: the agent app's own. */
export const PUSH_LOCALES = ['en', 'hi'] as const;
export type PushLocale = (typeof PUSH_LOCALES)[number];

/** Longer than any push service's address; the database keeps them unique. */
export const PUSH_ENDPOINT_MAX = 1024;

const ENDPOINT_FORMAT = 'endpoint must be an https:// URL of a push service';
const P256DH_FORMAT = 'keys.p256dh must be a P-256 public key (65 bytes, base64url)';
const AUTH_FORMAT = 'keys.auth must be 16 bytes, base64url';

/** A browser's PushSubscription as its `toJSON()` gives it (`expirationTime` is not kept). */
const subscriptionFields = {
  endpoint: z.pipe(
    z.string({ error: 'endpoint is required' }).check(
      z.minLength(1, 'endpoint is required'),
      z.maxLength(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`),
      // A URL's parser drops tabs and line breaks, and lets other control characters through.
      ...readableText('endpoint'),
    ),
    z.url({ protocol: /^https$/, error: ENDPOINT_FORMAT }),
  ),
  keys: z.object(
    {
      // An uncompressed point (65 bytes: 87 characters, unpadded) and a 16-byte secret.
      p256dh: z.string({ error: P256DH_FORMAT }).check(z.regex(/^[\w-]{87}=?$/, P256DH_FORMAT)),
      auth: z.string({ error: AUTH_FORMAT }).check(z.regex(/^[\w-]{22}(==)?$/, AUTH_FORMAT)),
    },
    { error: 'keys must be an object with p256dh and auth' },
  ),
};

/**
 * `POST /api/agents/push/subscribe`: the phone's PushSubscription, and the language its alerts
 * are written in (default English). Which push services the server accepts is its own check
 * (PUSH_SERVICE_HOSTS).
 */
export const pushSubscribeBodySchema = requestBody({
  ...subscriptionFields,
  locale: z.optional(
    z.enum(PUSH_LOCALES, { error: `locale must be ${PUSH_LOCALES.join(' or ')}` }),
  ),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/**
 * `POST /api/user/push/subscribe`: a shopper's browser, notified of their orders' changes (in
 * English, the storefront's language).
 */
export const userPushSubscribeBodySchema = requestBody(subscriptionFields);
export type UserPushSubscribeBody = z.infer<typeof userPushSubscribeBodySchema>;

/** `POST /api/agents/push/unsubscribe` and `POST /api/user/push/unsubscribe`: the subscription's endpoint, as subscribed. */
export const pushUnsubscribeBodySchema = requestBody({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .check(
      z.minLength(1, 'endpoint is required'),
      z.maxLength(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`),
      ...readableText('endpoint'),
    ),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/**
 * `GET /api/agents/push/key` (an agent's or a shopper's session): the server's VAPID public key
 * (base64url), the browser's `applicationServerKey`.
 */
export const pushKeyAnswerSchema = z.object({ success: z.literal(true), publicKey: z.string() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswerSchema>;

/** `POST /api/agents/push/subscribe`, `/api/user/push/subscribe` and their `…/unsubscribe`. */
export const pushSubscriptionAnswerSchema = successAnswerSchema;
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswerSchema>;

/**
 * What a push message carries to the agent app's service worker (web/public/agents-sw.js) or the
 * storefront's (web/public/shop-sw.js): the notification's texts, the order it is about (its
 * `tag`, so a repeat replaces it) and the page a tap opens. Never the shopper's name, phone or
 * street.
 */
export interface PushAlert {
  title: string;
  body: string;
  /** The order's id. */
  tag: string;
  /** Where a tap leads, e.g. `/agents?order=<id>`, or `/my-orders` for a shopper. */
  url: string;
}
