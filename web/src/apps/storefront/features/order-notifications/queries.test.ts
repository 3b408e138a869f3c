import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { createQueryClient } from '../../../../lib/query-client';
import type * as WebPush from '../../../../common/push/web-push';
import { PushServiceSilentError, type PushState } from '../../../../common/push/web-push';
import { orderNotificationChanges, orderNotificationQueries } from './queries';
import { ORDER_NOTIFICATION_TEXTS as TEXTS } from './texts';

const mocks = vi.hoisted(() => ({
  syncPush: vi.fn<() => Promise<PushState>>(),
  turnOnPush: vi.fn<() => Promise<PushState>>(),
  turnOffPush: vi.fn<() => Promise<void>>(),
  toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));
vi.mock('../../../../common/push/web-push', async (original) => ({
  PushServiceSilentError: (await original<typeof WebPush>()).PushServiceSilentError,
  syncPush: mocks.syncPush,
  turnOnPush: mocks.turnOnPush,
  turnOffPush: mocks.turnOffPush,
}));
vi.mock('../../../../lib/toast', () => ({ toast: mocks.toast }));

const USER = '0190a5b2-7c3e-7a10-9000-000000000001';
let client: ReturnType<typeof createQueryClient>;
const state = () => client.getQueryData(orderNotificationQueries.state(USER).queryKey);

/** The shopper's tap on the switch, turning it on or off. */
const press = {
  turnOn: () =>
    new MutationObserver(client, orderNotificationChanges.turnOn(USER))
      .mutate()
      .catch(() => undefined),
  turnOff: () =>
    new MutationObserver(client, orderNotificationChanges.turnOff(USER))
      .mutate()
      .catch(() => undefined),
};

/** This browser's local storage. */
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});

/** My Orders, opened by shopper `userId`: where their notifications stand. */
const opened = async (userId = USER) => {
  const observer = new QueryObserver(client, orderNotificationQueries.state(userId));
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  unsubscribe();
  return observer.getCurrentResult().data;
};

beforeEach(() => {
  stored.clear();
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  client = createQueryClient();
});

describe('the notifications of a shopper’s orders, on My Orders', () => {
  it('asks the browser once where they stand', async () => {
    mocks.turnOnPush.mockResolvedValue('on');
    await press.turnOn();
    client.clear();
    mocks.syncPush.mockResolvedValue('on');
    expect(await opened()).toBe('on');
    expect(mocks.syncPush).toHaveBeenCalledOnce();
    expect(mocks.turnOffPush).not.toHaveBeenCalled();
  });

  it('turned on here by another shopper, they are dropped, not carried over', async () => {
    mocks.turnOnPush.mockResolvedValue('on');
    await press.turnOn();
    client.clear();
    mocks.syncPush.mockResolvedValue('off');
    expect(await opened('0190a5b2-7c3e-7a10-9000-000000000002')).toBe('off');
    expect(mocks.turnOffPush).toHaveBeenCalledOnce();
    expect(mocks.turnOffPush.mock.invocationCallOrder[0]).toBeLessThan(
      mocks.syncPush.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('turned off, they belong to no shopper any more', async () => {
    mocks.turnOnPush.mockResolvedValue('on');
    await press.turnOn();
    mocks.turnOffPush.mockResolvedValue(undefined);
    await press.turnOff();
    expect(stored.size).toBe(0);
  });

  it('turned on, they show as on and say what the shopper will hear', async () => {
    mocks.turnOnPush.mockResolvedValue('on');
    await press.turnOn();
    expect(state()).toBe('on');
    expect(mocks.toast.success).toHaveBeenCalledWith(TEXTS.turnedOn);
  });

  it('stay off when the permission was not given, and say why when blocked or impossible', async () => {
    mocks.turnOnPush.mockResolvedValue('off');
    await press.turnOn();
    expect(state()).toBe('off');
    expect(mocks.toast.warning).toHaveBeenCalledWith(TEXTS.notAllowed);

    mocks.turnOnPush.mockResolvedValue('blocked');
    await press.turnOn();
    expect(state()).toBe('blocked');
    expect(mocks.toast.error).toHaveBeenCalledWith(TEXTS.blocked);

    mocks.turnOnPush.mockResolvedValue('unsupported');
    await press.turnOn();
    expect(mocks.toast.error).toHaveBeenLastCalledWith(TEXTS.unsupported);
  });

  it('a refusal of the store says its message; an unreachable store the general one; the state stays', async () => {
    client.setQueryData(orderNotificationQueries.state(USER).queryKey, 'off');
    mocks.turnOnPush.mockRejectedValue(
      new ApiError('endpoint must be the address of a known push service', 400),
    );
    await press.turnOn();
    expect(mocks.toast.error).toHaveBeenCalledWith(
      'endpoint must be the address of a known push service',
    );
    mocks.turnOnPush.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await press.turnOn();
    expect(mocks.toast.error).toHaveBeenLastCalledWith(TEXTS.failed);
    expect(state()).toBe('off');
  });

  it('a push service that does not answer is said so, and the switch is free again', async () => {
    client.setQueryData(orderNotificationQueries.state(USER).queryKey, 'off');
    mocks.turnOnPush.mockRejectedValue(new PushServiceSilentError());
    const tap = new MutationObserver(client, orderNotificationChanges.turnOn(USER));
    await tap.mutate().catch(() => undefined);
    expect(mocks.toast.error).toHaveBeenCalledWith(TEXTS.noPushService);
    expect(tap.getCurrentResult().isPending).toBe(false);
    expect(state()).toBe('off');
  });

  it('turned off, they show as off', async () => {
    client.setQueryData(orderNotificationQueries.state(USER).queryKey, 'on');
    mocks.turnOffPush.mockResolvedValue(undefined);
    await press.turnOff();
    expect(state()).toBe('off');
    expect(mocks.toast.success).toHaveBeenCalledWith(TEXTS.turnedOff);
  });
});
