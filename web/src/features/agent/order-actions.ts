import {
  canAccept,
  canChangeStatus,
  canCollectOnline,
  canMarkPaid,
  MESSAGES,
  nextStatus,
  type AgentOrder,
  type OrderStatus,
} from '@kirana/shared';

/** A next step an order offers its agent, as a button at the foot of its card. */
export type OrderAction =
  | { kind: 'accept' }
  | { kind: 'status'; to: OrderStatus }
  | { kind: 'collect-cash' }
  | { kind: 'collect-online' };

/**
 * What agent `agentId` can do next with `order`, per the shared order machine: accept an open
 * order; on their own, move it to its next status when allowed, else take the payment when
 * that is what stands in the way (a cash-on-delivery order must be paid before it is
 * delivered): in cash, or online at the door. Empty when there is nothing to do, e.g. once
 * delivered or cancelled, or while an online payment is awaited.
 */
export function orderActions(order: AgentOrder, agentId: string): OrderAction[] {
  const agent = { role: 'agent', id: agentId } as const;
  if (order.assignedTo !== agentId) return canAccept(order, agent).ok ? [{ kind: 'accept' }] : [];
  const next = nextStatus(order.status);
  if (next && canChangeStatus(order, next, agent).ok) return [{ kind: 'status', to: next }];
  const actions: OrderAction[] = [];
  if (canMarkPaid(order, agent).ok) actions.push({ kind: 'collect-cash' });
  if (canCollectOnline(order, agent).ok) actions.push({ kind: 'collect-online' });
  return actions;
}

/** The button's words for `action`. */
export function actionLabel(action: OrderAction): string {
  switch (action.kind) {
    case 'accept':
      return 'Accept';
    case 'status':
      return `Mark ${action.to}`;
    case 'collect-cash':
      return 'Collect cash';
    case 'collect-online':
      return 'Collect online';
  }
}

/**
 * The spec's toasts for `action`: its success, and its two kinds of failure. For
 * 'collect-online' the failures are those of starting the payment; see {@link VERIFY_TEXTS}.
 */
export interface ActionTexts {
  success: string;
  /** The server answered but refused without saying why. */
  rejected: string;
  /** The call failed: network down, or an answer we could not read. */
  failed: string;
}

export function actionTexts(action: OrderAction): ActionTexts {
  switch (action.kind) {
    case 'accept':
      return {
        success: MESSAGES.orderAccepted,
        rejected: MESSAGES.acceptFailed,
        failed: MESSAGES.acceptOrderFailed,
      };
    case 'status':
      return {
        success: MESSAGES.statusUpdated(action.to),
        rejected: MESSAGES.statusUpdateFailed,
        failed: MESSAGES.updateStatusFailed,
      };
    case 'collect-cash':
      return {
        success: MESSAGES.paidInCash,
        rejected: MESSAGES.paymentFailed,
        failed: MESSAGES.markPaidFailed,
      };
    case 'collect-online':
      return {
        success: MESSAGES.paymentSuccessful,
        rejected: MESSAGES.razorpayOrderFailed,
        failed: MESSAGES.razorpayOrderFailed,
      };
  }
}

/** When verifying an online payment collected at the door fails: refused, or no answer. */
export const VERIFY_TEXTS = {
  rejected: MESSAGES.paymentVerificationFailed,
  failed: MESSAGES.paymentVerificationError,
} as const;

/** Checkout reported a failed attempt at the door (it stays open for another try). */
export const COLLECT_ONLINE_ATTEMPT_FAILED = MESSAGES.paymentFailed;
