import { describe, expect, it, vi } from 'vitest';
import { aPhone, aSubscription, KEY, OTHER_KEY, toBase64url } from '../../test/push';
import {
  keyBytes,
  madeWithKey,
  syncPush,
  turnOffPush,
  turnOnPush,
  type PushServer,
} from './web-push';

function aServer(key = KEY): PushServer & { [K in keyof PushServer]: ReturnType<typeof vi.fn> } {
  return {
    key: vi.fn(async () => key),
    subscribe: vi.fn(async () => undefined),
    unsubscribe: vi.fn(async () => undefined),
  };
}

describe('the server key as bytes', () => {
  it('decodes base64url to the 65 bytes of a P-256 point', () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(toBase64url(bytes)).toBe(KEY);
  });

  it('tells a subscription made with the key from one made with another', () => {
    expect(madeWithKey(aSubscription(KEY), keyBytes(KEY))).toBe(true);
    expect(madeWithKey(aSubscription(OTHER_KEY), keyBytes(KEY))).toBe(false);
  });
});

describe('push in a browser', () => {
  it('tells the server the subscription as PushSubscription.toJSON() gives it, nothing more', async () => {
    const phone = aPhone();
    const server = aServer();
    expect(await turnOnPush(phone.browser, server)).toBe('on');
    expect(server.subscribe).toHaveBeenCalledWith({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      keys: { p256dh: 'phone-p256dh', auth: 'phone-auth' },
    });
  });

  it('is off with no subscription yet, and on (told again) with one', async () => {
    expect(await syncPush(aPhone({ permission: 'granted' }).browser, aServer())).toBe('off');
    const server = aServer();
    const phone = aPhone({ permission: 'granted', subscription: aSubscription(KEY) });
    expect(await syncPush(phone.browser, server)).toBe('on');
    expect(server.subscribe).toHaveBeenCalledOnce();
  });

  it('turned off, the server forgets the subscription and the browser drops it', async () => {
    const subscription = aSubscription(KEY);
    const server = aServer();
    await turnOffPush(aPhone({ permission: 'granted', subscription }).browser, server);
    expect(server.unsubscribe).toHaveBeenCalledWith(subscription.endpoint);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });
});
