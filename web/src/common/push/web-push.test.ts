import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPhone, aSubscription, KEY, OTHER_KEY, toBase64url } from '../../test/push';
import {
  keyBytes,
  madeWithKey,
  PUSH_SERVICE_WAIT_MS,
  PushServiceSilentError,
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

describe('a push service that does not answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turning on gives up after a few seconds, telling the server nothing', async () => {
    vi.useFakeTimers();
    const phone = aPhone({ permission: 'granted' });
    phone.pushManager.subscribe.mockReturnValue(new Promise<never>(() => undefined));
    const server = aServer();
    const turning = turnOnPush(phone.browser, server);
    const outcome = turning.then(
      () => 'on',
      (error: unknown) => error,
    );

    await vi.advanceTimersByTimeAsync(PUSH_SERVICE_WAIT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(PushServiceSilentError);
    expect(PUSH_SERVICE_WAIT_MS).toBeLessThanOrEqual(10_000);
    expect(server.subscribe).not.toHaveBeenCalled();
  });

  it('a subscription the push service gives in time is used', async () => {
    vi.useFakeTimers();
    const phone = aPhone({ permission: 'granted' });
    const server = aServer();
    const turning = turnOnPush(phone.browser, server);
    await vi.advanceTimersByTimeAsync(PUSH_SERVICE_WAIT_MS);
    expect(await turning).toBe('on');
    expect(server.subscribe).toHaveBeenCalledOnce();
  });
});
