import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { validationMessage } from './common.js';
import {
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  userPushSubscribeBodySchema,
} from './push.js';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

// As a browser's PushSubscription.toJSON() gives it.
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

describe('push subscription bodies', () => {
  it("takes a browser's subscription as it is, without its expirationTime, and a language", () => {
    const { expirationTime: _dropped, ...kept } = subscription;
    expect(pushSubscribeBodySchema.parse(subscription)).toEqual(kept);
    expect(pushSubscribeBodySchema.parse({ ...subscription, locale: 'hi' }).locale).toBe('hi');
  });

  it.each([
    ['no endpoint', { keys: subscription.keys }, 'endpoint is required'],
    [
      'a plain-http endpoint',
      { ...subscription, endpoint: 'http://fcm.googleapis.com/x' },
      'endpoint must be an https:// URL of a push service',
    ],
    [
      'an endpoint too long',
      { ...subscription, endpoint: `https://fcm.googleapis.com/${'x'.repeat(1024)}` },
      'endpoint must be at most 1024 characters',
    ],
    ['no keys', { endpoint: subscription.endpoint }, 'keys must be an object with p256dh and auth'],
    [
      'a short p256dh',
      { ...subscription, keys: { ...subscription.keys, p256dh: 'BAAA' } },
      'keys.p256dh must be a P-256 public key (65 bytes, base64url)',
    ],
    [
      'an auth of another length',
      { ...subscription, keys: { ...subscription.keys, auth: 'AAAA' } },
      'keys.auth must be 16 bytes, base64url',
    ],
    ['another language', { ...subscription, locale: 'fr' }, 'locale must be en or hi'],
  ])('refuses %s, naming the field', (_case, body, message) => {
    expect(messageOf(pushSubscribeBodySchema, body)).toBe(message);
  });

  it("takes a shopper's browser subscription with the same checks, and no language (the storefront's is English)", () => {
    const { expirationTime: _dropped, ...kept } = subscription;
    expect(userPushSubscribeBodySchema.parse({ ...subscription, locale: 'hi' })).toEqual(kept);
    expect(messageOf(userPushSubscribeBodySchema, { keys: subscription.keys })).toBe(
      'endpoint is required',
    );
    expect(
      messageOf(userPushSubscribeBodySchema, {
        ...subscription,
        keys: { ...subscription.keys, auth: 'AAAA' },
      }),
    ).toBe('keys.auth must be 16 bytes, base64url');
  });

  it('unsubscribes by endpoint alone', () => {
    expect(pushUnsubscribeBodySchema.parse({ endpoint: subscription.endpoint })).toEqual({
      endpoint: subscription.endpoint,
    });
    expect(messageOf(pushUnsubscribeBodySchema, {})).toBe('endpoint is required');
  });
});
