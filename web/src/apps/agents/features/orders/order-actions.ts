import {
  canAccept,
  canChangeStatus,
  canCollectOnline,
  canMarkPaid,
  nextStatus,
  type AgentOrder,
  type OrderStatus,
} from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { markStatusText, statusText } from './order-texts';

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
  if (next && canChangeStatus(order, next, agent).ok) {
    // Locked after too many wrong PINs: the shop must unlock it first (the card says so).
    return asksForPin(order, next) && order.pinLocked ? [] : [{ kind: 'status', to: next }];
  }
  const actions: OrderAction[] = [];
  if (canMarkPaid(order, agent).ok) actions.push({ kind: 'collect-cash' });
  if (canCollectOnline(order, agent).ok) actions.push({ kind: 'collect-online' });
  return actions;
}

/** Whether moving `order` on to `to` needs its customer's delivery PIN (the PIN pad asks). */
export function asksForPin(order: AgentOrder, to: OrderStatus): boolean {
  return to === 'Delivered' && order.pinRequired;
}

/** The button's words for `action`. */
export function actionLabel(action: OrderAction): string {
  switch (action.kind) {
    case 'accept':
      return t`Accept`;
    case 'status':
      return markStatusText(action.to);
    case 'collect-cash':
      return t`Collect cash`;
    case 'collect-online':
      return t`Collect online`;
  }
}

/*
 * The spec's toasts carry ids named after their key in `MESSAGES` ('spec.orderAccepted'): in
 * English they must read exactly as the spec says (../../i18n/locale.test.ts checks).
 */

/**
 * The spec's toasts for `action`: its success, and its two kinds of failure. For
 * 'collect-online' the failures are those of starting the payment; see {@link verifyTexts}.
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
        success: t({ id: 'spec.orderAccepted', message: 'Order accepted' }),
        rejected: t({ id: 'spec.acceptFailed', message: 'Accept failed' }),
        failed: t({ id: 'spec.acceptOrderFailed', message: 'Failed to accept order' }),
      };
    case 'status': {
      const status = statusText(action.to);
      return {
        success: t({ id: 'spec.statusUpdated', message: `Order status updated to ${status}` }),
        rejected: t({ id: 'spec.statusUpdateFailed', message: 'Status update failed' }),
        failed: t({ id: 'spec.updateStatusFailed', message: 'Failed to update status' }),
      };
    }
    case 'collect-cash':
      return {
        success: t({ id: 'spec.paidInCash', message: 'Payment collected in cash' }),
        rejected: paymentFailedText(),
        failed: t({ id: 'spec.markPaidFailed', message: 'Failed to mark as paid' }),
      };
    case 'collect-online': {
      const failed = t({
        id: 'spec.razorpayOrderFailed',
        message: 'Failed to create Razorpay order',
      });
      return {
        success: t({ id: 'spec.paymentSuccessful', message: 'Payment successful!' }),
        rejected: failed,
        failed,
      };
    }
  }
}

/** When verifying an online payment collected at the door fails: refused, or no answer. */
export const verifyTexts = () => ({
  rejected: t({ id: 'spec.paymentVerificationFailed', message: 'Payment verification failed.' }),
  failed: t({ id: 'spec.paymentVerificationError', message: 'Error during payment verification.' }),
});

/**
 * 'Payment failed': refused cash, or a failed attempt inside Checkout at the door (which stays
 * open for another try).
 */
export const paymentFailedText = () => t({ id: 'spec.paymentFailed', message: 'Payment failed' });
