import {
  canAccept,
  canChangeStatus,
  canMarkPaid,
  MESSAGES,
  nextStatus,
  type AgentOrder,
  type OrderStatus,
} from '@kirana/shared';

/** The one next step an order offers its agent, as a button at the foot of its card. */
export type OrderAction =
  { kind: 'accept' } | { kind: 'status'; to: OrderStatus } | { kind: 'collect-cash' };

/**
 * What agent `agentId` can do next with `order`, per the shared order machine: accept an open
 * order; on their own, move it to its next status when allowed, else collect the cash when that
 * is what stands in the way (a cash-on-delivery order must be paid before it is delivered).
 * Null when there is nothing to do, e.g. once delivered, or while an online payment is awaited.
 */
export function orderAction(order: AgentOrder, agentId: string): OrderAction | null {
  const agent = { role: 'agent', id: agentId } as const;
  if (order.assignedTo !== agentId) return canAccept(order, agent).ok ? { kind: 'accept' } : null;
  const next = nextStatus(order.status);
  if (next && canChangeStatus(order, next, agent).ok) return { kind: 'status', to: next };
  if (canMarkPaid(order, agent).ok) return { kind: 'collect-cash' };
  return null;
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
  }
}

/** The spec's toasts for `action`: its success, and its two kinds of failure. */
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
  }
}
