import { orderNumber, type AgentOrder, type OrderRemoval } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { atom, type Setter } from 'jotai';
import { ApiError } from '../../../lib/api-client';
import { CheckoutScriptError } from '../../payments/load-checkout-script';
import { toast } from '../../../lib/toast';
import { acceptOrder } from '../api/accept-order';
import { getVisibleOrders } from '../api/get-visible-orders';
import { markOrderPaid } from '../api/mark-order-paid';
import { updateOrderStatus } from '../api/update-order-status';
import {
  errorCodeOf,
  failureText,
  isSessionLost,
  isStale,
  isUnreachable,
} from '../failure-message';
import {
  actionTexts,
  paymentFailedText,
  verifyTexts,
  type ActionTexts,
  type OrderAction,
} from '../order-actions';
import { receiveOrder, reconcileOrders, withoutRemovedOrder } from '../order-lists';
import { agentIdAtom, dutyAtom, offlineAtom, sessionLostAtom } from './session-state';

/** Whether a refresh got an answer from the server (any answer), or could not reach it. */
export type Reach = 'reached' | 'unreachable';
/** The screen asking, whose texts a failure uses. */
export type OrdersScreen = 'active' | 'delivered';
export type OrdersLoad = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Every order the agent can see (the open pool and their own), newest first. Refreshes, action
 * answers and live events all merge into it by `_id` and `updatedAt`.
 */
export const agentOrdersAtom = atom<readonly AgentOrder[]>([]);
/** 'loading' and 'failed' only until the first answer; refreshes keep it 'ready'. */
export const ordersLoadAtom = atom<OrdersLoad>('idle');
/** When the list last came from the server (ms since the epoch), or null. */
export const ordersFetchedAtAtom = atom<number | null>(null);
/** The orders whose action is running, by id: their button stays disabled until it ends. */
export const pendingActionsAtom = atom<ReadonlyMap<string, OrderAction['kind']>>(new Map());

/** Bumped by a reset, so an answer to a request sent before it is dropped. */
const epochAtom = atom(0);
const refreshRunningAtom = atom<Promise<Reach> | null>(null);
/** Whether a refresh is running, for the Refresh button. */
export const refreshingAtom = atom((get) => get(refreshRunningAtom) !== null);
/** True from a failed refresh until one succeeds, so a dead network toasts once, not every 30 s. */
const refreshFailingAtom = atom(false);

/** The screen's text for a list that could not be loaded: the spec's, per screen. */
export function loadFailedText(screen: OrdersScreen): string {
  return screen === 'delivered'
    ? t({ id: 'spec.loadDeliveredOrdersFailed', message: 'Failed to load delivered orders' })
    : t({ id: 'spec.loadOrdersFailed', message: 'Failed to load orders' });
}

function loadFailureText(error: unknown, screen: OrdersScreen): string {
  const failed =
    screen === 'delivered'
      ? loadFailedText(screen)
      : t({ id: 'spec.fetchOrdersError', message: 'Error fetching orders' });
  return failureText(error, { rejected: loadFailedText(screen), failed });
}

/** The login shows again with the words for the answer's code, else 'Please login as agent'. */
function sessionLostText(error: unknown): string {
  const pleaseLogIn = t({ id: 'spec.loginAsAgent', message: 'Please login as agent' });
  return failureText(error, { rejected: pleaseLogIn, failed: pleaseLogIn });
}

/** Why the payment window could not be made ready: its configuration's call, or its script. */
function checkoutUnavailableText(error: unknown): string {
  const unavailable = t`Online payment could not be started. Check your connection and try again.`;
  if (error instanceof Error && error.cause instanceof ApiError)
    return failureText(error.cause, { rejected: unavailable, failed: unavailable });
  if (error instanceof CheckoutScriptError)
    return t`The payment window could not be loaded. Check your connection and try again.`;
  return t`The payment window did not start. Please try again later.`;
}

/**
 * Fetches the visible orders and reconciles the list with them. Concurrent calls share one
 * request. A failure toasts once per failing streak (the server's message, else the screen's
 * text); an unreachable server also raises the offline banner; a 401 shows the login.
 */
export const refreshOrdersAtom = atom(
  null,
  (get, set, screen: OrdersScreen = 'active'): Promise<Reach> => {
    const running = get(refreshRunningAtom);
    if (running) return running;

    let run: Promise<Reach> | undefined = undefined;
    run = (async (): Promise<Reach> => {
      const epoch = get(epochAtom);
      if (get(ordersLoadAtom) !== 'ready') set(ordersLoadAtom, 'loading');
      try {
        const orders = await getVisibleOrders();
        if (get(epochAtom) !== epoch) return 'reached';
        set(agentOrdersAtom, reconcileOrders(get(agentOrdersAtom), orders));
        set(ordersLoadAtom, 'ready');
        set(ordersFetchedAtAtom, Date.now());
        set(refreshFailingAtom, false);
        set(offlineAtom, false);
        return 'reached';
      } catch (error) {
        if (get(epochAtom) !== epoch) return 'reached';
        if (isSessionLost(error)) {
          set(sessionLostAtom, sessionLostText(error));
          return 'reached';
        }
        if (!get(refreshFailingAtom)) toast.error(loadFailureText(error, screen));
        set(refreshFailingAtom, true);
        if (get(ordersLoadAtom) !== 'ready') set(ordersLoadAtom, 'failed');
        if (!isUnreachable(error)) return 'reached';
        set(offlineAtom, true);
        return 'unreachable';
      } finally {
        if (get(refreshRunningAtom) === run) set(refreshRunningAtom, null);
      }
    })();
    set(refreshRunningAtom, run);
    return run;
  },
);

/**
 * One changed order (an action's answer, or live `order:created` / `order:updated`) merged into
 * the list, or taken out once this agent may no longer see it.
 */
export const receiveOrderAtom = atom(null, (get, set, order: AgentOrder) => {
  const agentId = get(agentIdAtom);
  if (!agentId) return;
  set(agentOrdersAtom, receiveOrder(get(agentOrdersAtom), order, agentId));
});

/**
 * Live `order:updated`: merged in; when one of this agent's deliveries is back in the pool, the
 * shop took it back, and the agent is told.
 */
export const receiveUpdatedOrderAtom = atom(null, (get, set, order: AgentOrder) => {
  const agentId = get(agentIdAtom);
  const wasMine = get(agentOrdersAtom).some(
    (held) => held._id === order._id && held.assignedTo === agentId,
  );
  set(receiveOrderAtom, order);
  if (agentId && wasMine && order.assignedTo === null) {
    toast.warning(t`The shop took order #${orderNumber(order._id)} back: do not deliver it`);
  }
});

/** Live `order:assigned`: the shop handed this order to the agent; merged in and announced. */
export const receiveAssignedOrderAtom = atom(null, (_get, set, order: AgentOrder) => {
  set(receiveOrderAtom, order);
  toast.success(t`The shop gave you order #${orderNumber(order._id)}`);
});

/**
 * Live `order:unaccepted`: an open order nobody has taken for a while, offered again: merged in
 * and, while the agent is on duty, announced with a buzz on phones that can.
 */
export const receiveUnacceptedOrderAtom = atom(null, (get, set, order: AgentOrder) => {
  set(receiveOrderAtom, order);
  // Off duty: the order shows, but nothing calls for the agent's attention.
  if (get(dutyAtom) === false) return;
  toast.warning(t`Order #${orderNumber(order._id)} is still waiting for an agent`);
  navigator.vibrate?.(200);
});

/**
 * Live `order:removed`: an order leaves this agent's lists, taken by another agent or cancelled.
 * The agent is told when it was one of their own deliveries that was cancelled.
 */
export const removeOrderAtom = atom(null, (get, set, removal: OrderRemoval) => {
  const agentId = get(agentIdAtom);
  if (!agentId) return;
  const held = get(agentOrdersAtom);
  const cancelledMine = held.some(
    (order) =>
      order._id === removal._id && order.assignedTo === agentId && removal.reason === 'cancelled',
  );
  set(agentOrdersAtom, withoutRemovedOrder(held, removal, agentId));
  if (cancelledMine)
    toast.error(t`Order #${orderNumber(removal._id)} was cancelled: do not deliver it`);
});

type StepAction = Exclude<OrderAction, { kind: 'collect-online' }>;

function send(order: AgentOrder, action: StepAction): Promise<AgentOrder> {
  switch (action.kind) {
    case 'accept':
      return acceptOrder(order._id);
    case 'status':
      return updateOrderStatus(order._id, action.to);
    case 'collect-cash':
      return markOrderPaid(order._id);
  }
}

/**
 * A failed call of an action: a lost session shows the login; otherwise the server's message
 * (else `texts`) is toasted, and an unreachable server raises the offline banner while a stale
 * card (409, 403, 404: e.g. another agent accepted it first) has the list fetched again.
 */
function reportFailure(
  set: Setter,
  error: unknown,
  texts: Pick<ActionTexts, 'rejected' | 'failed'>,
): void {
  if (isSessionLost(error)) {
    set(sessionLostAtom, sessionLostText(error));
    return;
  }
  toast.error(failureText(error, texts));
  if (isUnreachable(error)) set(offlineAtom, true);
  else if (isStale(error)) void set(refreshOrdersAtom);
}

/**
 * Collects `order`'s amount online at the door (see collect-online.ts, loaded now rather than
 * with the app): the paid order replaces the listed one with 'Payment successful!'; a failed
 * attempt inside Checkout toasts 'Payment failed'; a failed call toasts the server's message,
 * else the spec's texts for creating the Razorpay order or verifying the payment.
 */
async function collectOnlineAtDoor(set: Setter, order: AgentOrder): Promise<void> {
  const collection = await import('../collect-online').catch(() => null);
  if (!collection) {
    toast.error(t`The payment window could not be loaded. Check your connection and try again.`);
    return;
  }
  const outcome = await collection.collectOnline(order, () => toast.error(paymentFailedText()));
  const texts = actionTexts({ kind: 'collect-online' });
  switch (outcome.kind) {
    case 'paid':
      set(receiveOrderAtom, outcome.order);
      set(offlineAtom, false);
      toast.success(texts.success);
      return;
    case 'closed':
      return;
    case 'unavailable':
      toast.error(checkoutUnavailableText(outcome.error));
      return;
    case 'failed':
      reportFailure(set, outcome.error, outcome.step === 'create' ? texts : verifyTexts());
      return;
  }
}

/**
 * Runs `action` on `order` once: a second tap while it runs does nothing, and an online
 * collection counts as running until its Checkout ends. Toasts the spec's success text, or the
 * server's message (else the spec's failure text). When the order had changed meanwhile (409,
 * 403, 404: e.g. another agent accepted it first) the list is fetched again, so the card shows
 * what is true now.
 */
export const runOrderActionAtom = atom(
  null,
  async (get, set, order: AgentOrder, action: OrderAction): Promise<void> => {
    if (get(pendingActionsAtom).has(order._id)) return;
    set(pendingActionsAtom, new Map(get(pendingActionsAtom)).set(order._id, action.kind));
    try {
      if (action.kind === 'collect-online') {
        await collectOnlineAtDoor(set, order);
        return;
      }
      // The texts are read once the answer is in: the agent may have switched language meanwhile.
      try {
        set(receiveOrderAtom, await send(order, action));
        set(offlineAtom, false);
        toast.success(actionTexts(action).success);
      } catch (error) {
        reportFailure(set, error, actionTexts(action));
      }
    } finally {
      const pending = new Map(get(pendingActionsAtom));
      pending.delete(order._id);
      set(pendingActionsAtom, pending);
    }
  },
);

/** How entering a delivery PIN ended: delivered, refused (try again), or nothing more to try. */
export type PinOutcome =
  { kind: 'delivered' } | { kind: 'refused'; message: string } | { kind: 'done' };

/**
 * Marks `order` Delivered with the PIN its customer gave. A PIN refused for what it is (wrong,
 * missing, malformed) answers 'refused' with its words, for the PIN pad to show while the agent
 * tries again; anything else ends the attempt like any other step's failure, and a lock
 * (PIN_LOCKED, after the last wrong try) has the list fetched again so the card shows it.
 */
export const deliverWithPinAtom = atom(
  null,
  async (get, set, order: AgentOrder, pin: string): Promise<PinOutcome> => {
    if (get(pendingActionsAtom).has(order._id)) return { kind: 'done' };
    const action = { kind: 'status', to: 'Delivered' } as const;
    set(pendingActionsAtom, new Map(get(pendingActionsAtom)).set(order._id, action.kind));
    try {
      set(receiveOrderAtom, await updateOrderStatus(order._id, 'Delivered', pin));
      set(offlineAtom, false);
      toast.success(actionTexts(action).success);
      return { kind: 'delivered' };
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'PIN_WRONG' || code === 'PIN_MISSING' || code === 'INVALID') {
        const notTaken = t`That PIN was not accepted: check it with the customer.`;
        return {
          kind: 'refused',
          message: failureText(error, { rejected: notTaken, failed: notTaken }),
        };
      }
      reportFailure(set, error, actionTexts(action));
      if (code === 'PIN_LOCKED') void set(refreshOrdersAtom);
      return { kind: 'done' };
    } finally {
      const pending = new Map(get(pendingActionsAtom));
      pending.delete(order._id);
      set(pendingActionsAtom, pending);
    }
  },
);

/** Forgets every order: the logged-in screens close (see useOrdersFeed), at a logout or a lost session. */
export const resetOrdersAtom = atom(null, (get, set) => {
  set(epochAtom, get(epochAtom) + 1);
  set(refreshRunningAtom, null);
  set(agentOrdersAtom, []);
  set(ordersLoadAtom, 'idle');
  set(ordersFetchedAtAtom, null);
  set(refreshFailingAtom, false);
  set(pendingActionsAtom, new Map());
});
