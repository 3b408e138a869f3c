import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import {
  PushServiceSilentError,
  syncPush,
  turnOffPush,
  turnOnPush,
  type PushState,
} from '../../../../common/push/web-push';
import { notificationsOwner, storefrontBrowser, storefrontServer } from './storefront-push';
import { ORDER_NOTIFICATION_TEXTS as TEXTS } from './texts';

/** The key of whether this browser notifies shopper `userId` of their orders. */
export const orderNotificationsKey = (userId: string) => ['order-notifications', userId] as const;

export const orderNotificationQueries = {
  /**
   * Whether this browser notifies shopper `userId` of their orders' changes, telling the server
   * of its subscription again when it does (a new login, a new server key): asked once as My
   * Orders opens. A subscription another shopper turned on here is dropped, not taken over.
   * Never fails but for the browser itself: out of reach of the store, the browser's own state.
   */
  state: (userId: string) =>
    queryOptions({
      queryKey: orderNotificationsKey(userId),
      queryFn: async () => {
        const browser = storefrontBrowser();
        if (notificationsOwner.get() !== userId) {
          await turnOffPush(browser, storefrontServer);
          notificationsOwner.set(null);
        }
        return syncPush(browser, storefrontServer);
      },
      retry: false,
    }),
};

const settle = (client: QueryClient, userId: string, state: PushState) =>
  client.setQueryData(orderNotificationsKey(userId), state);

/** Why notifications cannot be on in this browser, when they cannot. */
export function cannotNotifyText(state: PushState): string | null {
  if (state === 'blocked') return TEXTS.blocked;
  if (state === 'unsupported') return TEXTS.unsupported;
  return null;
}

const failure = (error: unknown) => {
  console.warn('Order notifications could not be changed:', error);
  toast.error(
    serverMessage(error) ??
      (error instanceof PushServiceSilentError ? TEXTS.noPushService : TEXTS.failed),
  );
};

export const orderNotificationChanges = {
  /**
   * Turns notifications on for shopper `userId` in this browser (call from their tap: the browser
   * asks for permission then): the state it ends in is kept, and said.
   */
  turnOn: (userId: string) =>
    mutationOptions({
      mutationFn: () => turnOnPush(storefrontBrowser(), storefrontServer),
      onSuccess: (state, _asked, _context, { client }) => {
        settle(client, userId, state);
        if (state === 'on') {
          notificationsOwner.set(userId);
          toast.success(TEXTS.turnedOn);
        } else if (state === 'off') toast.warning(TEXTS.notAllowed);
        else toast.error(cannotNotifyText(state) ?? TEXTS.failed);
      },
      onError: failure,
    }),
  /** Turns them off in this browser: the server forgets it, and the browser drops it. */
  turnOff: (userId: string) =>
    mutationOptions({
      mutationFn: () => turnOffPush(storefrontBrowser(), storefrontServer),
      onSuccess: (_nothing, _asked, _context, { client }) => {
        notificationsOwner.set(null);
        settle(client, userId, 'off');
        toast.success(TEXTS.turnedOff);
      },
      onError: failure,
    }),
};
