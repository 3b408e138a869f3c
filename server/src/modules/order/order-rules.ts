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

const REFUSAL_KIND: Record<Refusal, ErrorCode> = {
  'not-allowed': 'FORBIDDEN',
  'not-assigned': 'FORBIDDEN',
  'wrong-transition': 'CONFLICT',
  'not-paid': 'CONFLICT',
  'already-assigned': 'CONFLICT',
  'already-paid': 'CONFLICT',
  'not-cod': 'CONFLICT',
  'not-open': 'CONFLICT',
  unassigned: 'CONFLICT',
  'seller-only': 'FORBIDDEN',
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
 * @throws AppError FORBIDDEN or CONFLICT, with the rule's message.
 */
export function enforce(decision: Decision): void {
  if (!decision.ok)
    throw new AppError(REFUSAL_KIND[decision.reason], refusalMessage[decision.reason]);
}
