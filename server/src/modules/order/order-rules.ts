/**
 * The shared order rules (@kirana/shared order-machine) as the server applies them: an order row
 * as the rules see it, and a refusal turned into the error its caller gets.
 */
import { refusalMessage, type Decision, type OrderFacts, type Refusal } from '@kirana/shared';
import { AppError, type ErrorKind } from '../../lib/errors.js';
import type { ListedOrder } from './order.presenter.js';

const REFUSAL_KIND: Record<Refusal, ErrorKind> = {
  'not-allowed': 'forbidden',
  'not-assigned': 'forbidden',
  'wrong-transition': 'conflict',
  'not-paid': 'conflict',
  'already-assigned': 'conflict',
  'already-paid': 'conflict',
  'not-cod': 'conflict',
  'not-open': 'conflict',
  unassigned: 'conflict',
  'seller-only': 'forbidden',
  'cannot-cancel': 'forbidden',
  'already-cancelled': 'conflict',
  'already-picked': 'conflict',
  'already-delivered': 'conflict',
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
 * @throws AppError forbidden or conflict, with the rule's message.
 */
export function enforce(decision: Decision): void {
  if (!decision.ok)
    throw new AppError(REFUSAL_KIND[decision.reason], refusalMessage[decision.reason]);
}
