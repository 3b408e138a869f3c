import type { Agent as HttpsAgent } from 'node:https';
import type { PushAlert } from '@kirana/shared';
import webpush from 'web-push';
import type { Logger } from '../../lib/logger.js';
import { isPushServiceEndpoint } from './push-hosts.js';
import type { AlertRecipient } from './push.service.js';
import type { VapidDetails } from './vapid-keys.js';

/** What sending push messages needs. */
export interface PushDeps {
  /** The keys messages are signed with, and whom push services may contact. */
  vapid: VapidDetails;
  /** Push services' hosts besides the known ones (PUSH_SERVICE_HOSTS). */
  serviceHosts: readonly string[];
  logger: Logger;
  /**
   * For the HTTPS requests to push services (default: Node's global agent). Tests give one that
   * trusts the certificate of their local push service.
   */
  httpsAgent?: HttpsAgent;
  /** How long a push service may leave a message unanswered (default 5 s); tests wait less. */
  sendTimeoutMs?: number;
}

/** A new order is worth an alert only while it may still be open: the service drops it after. */
export const ALERT_TTL_SECONDS = 15 * 60;

/** How a message travels: kept by the push service at most `ttlSeconds`, with its urgency. */
export interface Delivering {
  /** A newer message with the same topic replaces one the service still holds. */
  topic: string;
  ttlSeconds: number;
  urgency: 'high' | 'normal';
}
/**
 * A push service that has been silent this long is given up on for this message: an alert
 * matters only soon, and a send waiting holds one of the few places of the send queue.
 */
const SEND_TIMEOUT_MS = 5_000;

/** 'gone': the push service no longer knows the subscription (404, 410), so it is of no use. */
export type Delivery = 'sent' | 'gone' | 'failed';

const hostOf = (endpoint: string) => URL.parse(endpoint)?.host ?? 'unknown';

/**
 * Sends `alert` to one subscription, encrypted to its keys (aes128gcm) and signed with the VAPID
 * keys, as `delivering` says (an agent's alert: urgent, for at most {@link ALERT_TTL_SECONDS}).
 * Never throws: a failure is logged.
 */
export async function sendAlert(
  deps: PushDeps,
  recipient: AlertRecipient,
  alert: PushAlert,
  { topic, ttlSeconds, urgency }: Delivering,
): Promise<Delivery> {
  const host = hostOf(recipient.endpoint);
  // Stored under another configuration, perhaps: never a request to an address not allowed now.
  if (!isPushServiceEndpoint(recipient.endpoint, deps.serviceHosts)) {
    deps.logger.warn({ host }, 'push: a subscription is not on a push service allowed now');
    return 'failed';
  }
  try {
    await webpush.sendNotification(
      {
        endpoint: recipient.endpoint,
        keys: { p256dh: recipient.p256dh, auth: recipient.auth },
      },
      JSON.stringify(alert),
      {
        vapidDetails: deps.vapid,
        TTL: ttlSeconds,
        urgency,
        topic,
        timeout: deps.sendTimeoutMs ?? SEND_TIMEOUT_MS,
        ...(deps.httpsAgent && { agent: deps.httpsAgent }),
      },
    );
    return 'sent';
  } catch (error) {
    if (error instanceof webpush.WebPushError) {
      if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
      // Not the error itself: it carries the endpoint, the subscription's capability URL.
      deps.logger.warn(
        { host, status: error.statusCode, answer: String(error.body ?? '').slice(0, 200) },
        'push: the push service refused a message',
      );
    } else {
      const { code, message } = error as NodeJS.ErrnoException;
      deps.logger.warn({ host, code, error: message }, 'push: a message could not be sent');
    }
    return 'failed';
  }
}
