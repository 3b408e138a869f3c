import { describe, expect, it, vi } from 'vitest';
import { aPhone, aSubscription, KEY, OTHER_KEY, toBase64url } from '../../../../test/push';
import { syncAlerts, turnOffAlerts, turnOnAlerts, type AlertsServer } from './push-alerts';

function aServer(
  key = KEY,
): AlertsServer & { [K in keyof AlertsServer]: ReturnType<typeof vi.fn> } {
  return {
    key: vi.fn(async () => key),
    subscribe: vi.fn(async () => undefined),
    unsubscribe: vi.fn(async () => undefined),
  };
}

describe('turning alerts on', () => {
  it('asks for permission, subscribes with the server key (user-visible only) and tells the server, in the app’s language', async () => {
    const phone = aPhone();
    const server = aServer();
    expect(await turnOnAlerts('hi', phone.browser, server)).toBe('on');
    expect(phone.requestPermission).toHaveBeenCalledOnce();
    const [options] = phone.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(toBase64url(options.applicationServerKey as Uint8Array)).toBe(KEY);
    expect(server.subscribe).toHaveBeenCalledWith({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      keys: { p256dh: 'phone-p256dh', auth: 'phone-auth' },
      locale: 'hi',
    });
  });

  it('stops at a refusal: blocked, or off when the question was dismissed; subscribes nothing', async () => {
    const blocked = aPhone({ answer: 'denied' });
    expect(await turnOnAlerts('en', blocked.browser, aServer())).toBe('blocked');
    const dismissed = aPhone({ answer: 'default' });
    expect(await turnOnAlerts('en', dismissed.browser, aServer())).toBe('off');
    const already = aPhone({ permission: 'denied' });
    expect(await turnOnAlerts('en', already.browser, aServer())).toBe('blocked');
    expect(already.requestPermission).not.toHaveBeenCalled();
    for (const phone of [blocked, dismissed, already])
      expect(phone.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('says so where the browser cannot push: no Notification, or no service worker', async () => {
    const none = aPhone();
    expect(await turnOnAlerts('en', { ...none.browser, notifications: undefined }, aServer())).toBe(
      'unsupported',
    );
    expect(await turnOnAlerts('en', aPhone({ registered: false }).browser, aServer())).toBe(
      'unsupported',
    );
  });

  it('replaces a subscription made with an older server key', async () => {
    const old = aSubscription(OTHER_KEY);
    const phone = aPhone({ permission: 'granted', subscription: old });
    expect(await turnOnAlerts('en', phone.browser, aServer())).toBe('on');
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(phone.pushManager.subscribe).toHaveBeenCalledOnce();
  });
});

describe('alerts when the app opens', () => {
  it('tells the server again about a live subscription, in the current language', async () => {
    const phone = aPhone({ permission: 'granted', subscription: aSubscription(KEY) });
    const server = aServer();
    expect(await syncAlerts('en', phone.browser, server)).toBe('on');
    expect(server.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({
        endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
        locale: 'en',
      }),
    );
    expect(phone.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('is off with no subscription, and drops one whose permission was taken back', async () => {
    expect(await syncAlerts('en', aPhone({ permission: 'granted' }).browser, aServer())).toBe(
      'off',
    );
    const revoked = aSubscription(KEY);
    const phone = aPhone({ permission: 'default', subscription: revoked });
    expect(await syncAlerts('en', phone.browser, aServer())).toBe('off');
    expect(revoked.unsubscribe).toHaveBeenCalledOnce();
  });

  it('stays on out of reach of the server', async () => {
    const phone = aPhone({ permission: 'granted', subscription: aSubscription(KEY) });
    const server = aServer();
    server.key.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await syncAlerts('en', phone.browser, server)).toBe('on');
  });
});

describe('turning alerts off', () => {
  it('tells the server and drops the subscription, even when the server cannot be reached', async () => {
    const subscription = aSubscription(KEY);
    const phone = aPhone({ permission: 'granted', subscription });
    const server = aServer();
    server.unsubscribe.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await turnOffAlerts(phone.browser, server);
    expect(server.unsubscribe).toHaveBeenCalledWith('https://fcm.googleapis.com/fcm/send/phone-1');
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('does nothing without a subscription', async () => {
    const server = aServer();
    await turnOffAlerts(aPhone().browser, server);
    expect(server.unsubscribe).not.toHaveBeenCalled();
  });
});
