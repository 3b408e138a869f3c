import type { AgentOrder } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import {
  mutationOptions,
  type Mutation,
  type MutationFilters,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-client';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { CheckoutScriptError } from '../../../../common/payments/load-checkout-script';
import { acceptOrder } from './api/accept-order';
import { markOrderPaid } from './api/mark-order-paid';
import { updateOrderStatus } from './api/update-order-status';
import { offlineAtom, sessionLostAtom } from '../../session/session-state';
import type { CollectionOutcome } from './collect-online';
import {
  errorCodeOf,
  failureText,
  isSessionLost,
  isStale,
  isUnreachable,
} from '../../failure-message';
import {
  actionTexts,
  paymentFailedText,
  verifyTexts,
  type ActionTexts,
  type OrderAction,
} from './order-actions';
import { layOrderIn, refreshOrders, sessionLostText } from '../../queries';

/*
 * The agent's actions on an order (accept, the next status, Delivered with the customer's PIN,
 * cash taken, payment online at the door) as mutations of the agent's cache (../../queries.ts): the
 * order each answers is laid into the orders held, and a card's button stays disabled while a
 * change of its order is running (`runningChanges`).
 */

/** One action asked on an order (`pin`: the customer's delivery PIN, for Delivered). */
export interface OrderChange<A extends OrderAction = OrderAction> {
  order: AgentOrder;
  action: A;
  pin?: string;
}

type StepAction = Exclude<OrderAction, { kind: 'collect-online' }>;

/** The key every change of agent `agentId`'s orders runs under. */
export const orderChangeKey = (agentId: string) => ['agent', agentId, 'order-change'] as const;

/** The changes of agent `agentId`'s orders still running (of order `orderId` alone, if given). */
export function runningChanges(agentId: string, orderId?: string): MutationFilters {
  return {
    mutationKey: orderChangeKey(agentId),
    status: 'pending',
    predicate:
      orderId === undefined
        ? undefined
        : (mutation: Mutation<unknown, Error, unknown>) =>
            (mutation.state.variables as OrderChange | undefined)?.order._id === orderId,
  };
}

/** Whether a change of order `orderId` is running: a second tap waits for it to end. */
export const isChanging = (client: QueryClient, agentId: string, orderId: string): boolean =>
  client.isMutating(runningChanges(agentId, orderId)) > 0;

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
  client: QueryClient,
  agentId: string,
  error: unknown,
  texts: Pick<ActionTexts, 'rejected' | 'failed'>,
): void {
  if (isSessionLost(error)) {
    store.set(sessionLostAtom, sessionLostText(error));
    return;
  }
  toast.error(failureText(error, texts));
  if (isUnreachable(error)) store.set(offlineAtom, true);
  else if (isStale(error)) void refreshOrders(client, agentId);
}

/** The server took the change: its answer replaces the card, and the agent is told. */
function changed(client: QueryClient, agentId: string, order: AgentOrder, success: string): void {
  layOrderIn(client, agentId, order);
  store.set(offlineAtom, false);
  toast.success(success);
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

/** How entering a delivery PIN ended: delivered, refused (try again), or nothing more to try. */
export type PinOutcome =
  | { kind: 'delivered'; order: AgentOrder }
  | { kind: 'refused'; message: string }
  | { kind: 'done' };

/*
 * The texts are read once the answer is in: the agent may have switched language meanwhile.
 */
export const agentOrderMutations = {
  /**
   * Accept, the next status, or cash taken: toasts the spec's success text, or the server's
   * message (else the spec's failure text). When the order had changed meanwhile (409, 403, 404:
   * e.g. another agent accepted it first) the list is fetched again, so the card shows what is
   * true now.
   */
  step: (agentId: string) =>
    mutationOptions<AgentOrder, Error, OrderChange<StepAction>>({
      mutationKey: orderChangeKey(agentId),
      mutationFn: ({ order, action }) => send(order, action),
      onSuccess: (order, { action }, _context, { client }) =>
        changed(client, agentId, order, actionTexts(action).success),
      onError: (error, { action }, _context, { client }) =>
        reportFailure(client, agentId, error, actionTexts(action)),
    }),

  /**
   * Marks the order Delivered with the PIN its customer gave. A PIN refused for what it is
   * (wrong, missing, malformed) answers 'refused' with its words, for the PIN pad to show while
   * the agent tries again; anything else ends the attempt like any other step's failure, and a
   * lock (PIN_LOCKED, after the last wrong try) has the list fetched again so the card shows it.
   */
  deliverWithPin: (agentId: string) =>
    mutationOptions<PinOutcome, Error, OrderChange<{ kind: 'status'; to: 'Delivered' }>>({
      mutationKey: orderChangeKey(agentId),
      mutationFn: async ({ order, pin }) => {
        try {
          return { kind: 'delivered', order: await updateOrderStatus(order._id, 'Delivered', pin) };
        } catch (error) {
          const code = errorCodeOf(error);
          if (code !== 'PIN_WRONG' && code !== 'PIN_MISSING' && code !== 'INVALID') throw error;
          const notTaken = t`That PIN was not accepted: check it with the customer.`;
          return {
            kind: 'refused',
            message: failureText(error, { rejected: notTaken, failed: notTaken }),
          };
        }
      },
      onSuccess: (outcome, { action }, _context, { client }) => {
        if (outcome.kind === 'delivered')
          changed(client, agentId, outcome.order, actionTexts(action).success);
      },
      onError: (error, { action }, _context, { client }) => {
        reportFailure(client, agentId, error, actionTexts(action));
        if (errorCodeOf(error) === 'PIN_LOCKED') void refreshOrders(client, agentId);
      },
    }),

  /**
   * Collects the order's amount online at the door (collect-online.ts, loaded now rather than
   * with the app), running until Checkout ends: the paid order replaces the listed one with
   * 'Payment successful!'; a failed attempt inside Checkout toasts 'Payment failed'; a failed
   * call toasts the server's message, else the spec's texts for creating the Razorpay order or
   * verifying the payment.
   */
  collectOnline: (agentId: string) =>
    mutationOptions<CollectionOutcome | null, Error, OrderChange<{ kind: 'collect-online' }>>({
      mutationKey: orderChangeKey(agentId),
      mutationFn: async ({ order }) => {
        const collection = await import('./collect-online').catch(() => null);
        return collection
          ? collection.collectOnline(order, () => toast.error(paymentFailedText()))
          : null;
      },
      onSuccess: (outcome, { action }, _context, { client }) => {
        const texts = actionTexts(action);
        switch (outcome?.kind) {
          case undefined:
            toast.error(
              t`The payment window could not be loaded. Check your connection and try again.`,
            );
            return;
          case 'paid':
            changed(client, agentId, outcome.order, texts.success);
            return;
          case 'closed':
            return;
          case 'unavailable':
            toast.error(checkoutUnavailableText(outcome.error));
            return;
          case 'failed':
            reportFailure(
              client,
              agentId,
              outcome.error,
              outcome.step === 'create' ? texts : verifyTexts(),
            );
            return;
        }
      },
    }),
};
