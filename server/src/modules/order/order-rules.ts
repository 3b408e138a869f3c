/**
 * The shared order rules (@kirana/shared order-machine) as the server applies them: an order row
 * as the rules see it, and a refusal turned into the error its caller gets.
 */
import {
  refusalMessage,
  type Decision,
  type ErrorCode,
  type OrderFacts,
  type Refusal,
} from '@kirana/shared';
import { AppError } from '../../lib/errors.js';
import type { ListedOrder } from './order.presenter.js';

// The refusals an agent can meet have codes of their own, so the agent app can say them in Hindi.
const REFUSAL_CODE: Record<Refusal, ErrorCode> = {
  'not-allowed': 'AGENTS_ONLY',
  'not-assigned': 'NOT_YOUR_ORDER',
  'wrong-transition': 'WRONG_STATUS',
  'not-paid': 'NOT_PAID',
  'already-assigned': 'ORDER_TAKEN',
  'already-paid': 'ALREADY_PAID',
  'not-cod': 'NOT_COD',
  'not-open': 'ORDER_NOT_OPEN',
  unassigned: 'ORDER_UNASSIGNED',
  'seller-only': 'SELLER_ONLY',
  'cannot-cancel': 'FORBIDDEN',
  'already-cancelled': 'CONFLICT',
  'already-picked': 'CONFLICT',
  'already-delivered': 'CONFLICT',
};

export function factsOf(
  order: Pick<ListedOrder, 'status' | 'paymentType' | 'isPaid' | 'assignedTo' | 'user'>,
): OrderFacts {
  return {
    status: order.status,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    assignedTo: order.assignedTo?.id ?? null,
    userId: order.user.id,
  };
}

/**
 * Turns a refusal of the shared order rules into the AppError the caller gets.
 * @throws AppError of the refusal's code (a 403 or a 409), with the rule's message.
 */
export function enforce(decision: Decision): void {
  if (!decision.ok)
    throw new AppError(REFUSAL_CODE[decision.reason], refusalMessage[decision.reason]);
}
