import { isOpenForAgents } from './visibility.js';

/** `Cancelled` ends an order that will not be delivered (e.g. an online payment never came). */
export const ORDER_STATUSES = ['Order Placed', 'Picked', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses of an order on its way to the door: the ones agents send. */
export const DELIVERY_STATUSES = ['Order Placed', 'Picked', 'Delivered'] as const;

/** Who cancelled an order: its shopper, the seller, or the store itself (an expired payment). */
export const CANCELLED_BY = ['user', 'seller', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/**
 * An online order placed but not yet paid: hidden from the shop, payable until its time to pay
 * runs out (then the server cancels it).
 */
export function awaitsOnlinePayment(
  order: Pick<OrderFacts, 'paymentType' | 'isPaid' | 'status'>,
): boolean {
  return order.paymentType === 'Online' && !order.isPaid && order.status === 'Order Placed';
}

/** Statuses after which nothing more happens to an order. */
export function isFinished(status: OrderStatus): boolean {
  return status === 'Delivered' || status === 'Cancelled';
}

/**
 * How an order is paid: cash at the door (COD), online before the shop sees it, or on the
 * shopper's khata (docs/orders.md#khata-orders): nothing is paid or collected, its amount goes on
 * the khata once it is delivered.
 */
export const PAYMENT_TYPES = ['COD', 'Online', 'Khata'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * Whether `order` may be handed over: paid (online, or cash at the door), or on the khata, where
 * nothing is collected.
 */
export function isSettled(order: Pick<OrderFacts, 'paymentType' | 'isPaid'>): boolean {
  return order.isPaid || order.paymentType === 'Khata';
}

/** An order as the rules see it; `assignedTo` is the accepting agent's id. */
export interface OrderFacts {
  status: OrderStatus;
  paymentType: PaymentType;
  isPaid: boolean;
  assignedTo: string | null;
  userId: string;
}

/** Who is asking: the seller (one shop), a delivery agent or a shopper. */
export type Actor =
  { role: 'seller' } | { role: 'agent'; id: string } | { role: 'user'; id: string };

/** Who moves an order: a person, or the store itself (an online order's time to pay ran out). */
export type Mover = Actor['role'] | 'system';

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  by: Mover;
  requiresPaid: boolean;
}

/**
 * Every status change there is; anything not listed is refused. The agent moves an order to the
 * door (delivering once it is settled: paid, or on the khata); the shopper may cancel until it
 * is picked, the seller until it is delivered, and the
 * seller may take a picked order back (it starts again from 'Order Placed'). The store itself
 * cancels an online order whose payment never came.
 */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  { from: 'Order Placed', to: 'Picked', by: 'agent', requiresPaid: false },
  { from: 'Picked', to: 'Delivered', by: 'agent', requiresPaid: true },
  { from: 'Order Placed', to: 'Cancelled', by: 'user', requiresPaid: false },
  { from: 'Order Placed', to: 'Cancelled', by: 'seller', requiresPaid: false },
  { from: 'Picked', to: 'Cancelled', by: 'seller', requiresPaid: false },
  { from: 'Picked', to: 'Order Placed', by: 'seller', requiresPaid: false },
  { from: 'Order Placed', to: 'Cancelled', by: 'system', requiresPaid: false },
];

const transitionOf = (from: OrderStatus, to: OrderStatus, by: Mover) =>
  ORDER_TRANSITIONS.find((row) => row.from === from && row.to === to && row.by === by);

/**
 * Whether {@link ORDER_TRANSITIONS} has `by` moving an order from `from` to `to`; staying in a
 * status is no move and always allowed. The rules above decide who may; this is the table's own
 * check, which the server makes on every change of status. Never throws.
 */
export function isStatusMove(from: OrderStatus, to: OrderStatus, by: Mover): boolean {
  return from === to || transitionOf(from, to, by) !== undefined;
}

export type Refusal =
  | 'not-assigned'
  | 'not-allowed'
  | 'wrong-transition'
  | 'not-paid'
  | 'already-assigned'
  | 'already-paid'
  | 'not-cod'
  | 'not-open'
  | 'unassigned'
  | 'seller-only'
  | 'cannot-cancel'
  | 'already-cancelled'
  | 'already-picked'
  | 'already-delivered';

export type Decision = { ok: true } | { ok: false; reason: Refusal };

/** What to tell a person whose request was refused. */
export const refusalMessage: Record<Refusal, string> = {
  'not-assigned': 'Order is not assigned to you',
  'not-allowed': 'Only a delivery agent can do this',
  'wrong-transition': 'Order cannot move to that status from its current one',
  'not-paid': 'Order must be paid before it is delivered',
  'already-assigned': 'Order is already assigned to another agent',
  'already-paid': 'Order is already paid',
  'not-cod': 'Only a cash-on-delivery order is paid at the door',
  'not-open': 'Order is no longer open for delivery',
  unassigned: 'Order is not assigned to any agent',
  'seller-only': 'Only the shop can do this',
  'cannot-cancel': 'Only the shopper or the shop can cancel an order',
  'already-cancelled': 'Order is already cancelled',
  'already-picked': 'Order has been picked up and can no longer be cancelled: ask the shop',
  'already-delivered': 'Order has been delivered and can no longer be cancelled',
};

const ALLOWED: Decision = { ok: true };
const refuse = (reason: Refusal): Decision => ({ ok: false, reason });

const isAssignedAgent = (order: OrderFacts, actor: Actor): boolean =>
  actor.role === 'agent' && order.assignedTo === actor.id;

/**
 * Whether `actor` may take `order` for delivery. Accepting an order one already holds is
 * allowed, so a retried request from a flaky phone connection succeeds. Never throws.
 */
export function canAccept(order: OrderFacts, actor: Actor): Decision {
  if (actor.role !== 'agent') return refuse('not-allowed');
  if (isFinished(order.status)) return refuse('not-open');
  if (order.assignedTo === actor.id) return ALLOWED;
  if (order.assignedTo !== null) return refuse('already-assigned');
  return isOpenForAgents(order) ? ALLOWED : refuse('not-open');
}

/** Whether `actor` may move `order` to status `to`, per {@link ORDER_TRANSITIONS}. Never throws. */
export function canChangeStatus(order: OrderFacts, to: OrderStatus, actor: Actor): Decision {
  if (to === 'Cancelled') return canCancel(order, actor);
  if (actor.role !== 'agent') return refuse('not-allowed');
  if (!isAssignedAgent(order, actor)) return refuse('not-assigned');
  const transition = transitionOf(order.status, to, actor.role);
  if (!transition) return refuse('wrong-transition');
  if (transition.requiresPaid && !isSettled(order)) return refuse('not-paid');
  return ALLOWED;
}

/**
 * Whether `actor` may cancel `order`: its shopper until it is picked, the seller until it is
 * delivered (see {@link ORDER_TRANSITIONS}). Never throws.
 */
export function canCancel(order: OrderFacts, actor: Actor): Decision {
  if (actor.role === 'agent' || (actor.role === 'user' && order.userId !== actor.id)) {
    return refuse('cannot-cancel');
  }
  if (transitionOf(order.status, 'Cancelled', actor.role)) return ALLOWED;
  if (order.status === 'Cancelled') return refuse('already-cancelled');
  return refuse(order.status === 'Delivered' ? 'already-delivered' : 'already-picked');
}

/**
 * Whether `actor` may hand `order` to agent `agentId`: the seller, for an order in the open pool
 * (one another agent holds is taken back first). Assigning it again to its agent is allowed, so
 * a retried request succeeds. Never throws.
 */
export function canAssign(order: OrderFacts, actor: Actor, agentId: string): Decision {
  if (actor.role !== 'seller') return refuse('seller-only');
  if (isFinished(order.status)) return refuse('not-open');
  if (order.assignedTo === agentId) return ALLOWED;
  if (order.assignedTo !== null) return refuse('already-assigned');
  return isOpenForAgents(order) ? ALLOWED : refuse('not-open');
}

/** Whether `actor` may record cash collected at the door for `order`. Never throws. */
export function canMarkPaid(order: OrderFacts, actor: Actor): Decision {
  if (actor.role !== 'agent') return refuse('not-allowed');
  if (!isAssignedAgent(order, actor)) return refuse('not-assigned');
  if (order.paymentType !== 'COD') return refuse('not-cod');
  if (order.isPaid) return refuse('already-paid');
  if (isFinished(order.status)) return refuse('not-open');
  return ALLOWED;
}

/**
 * Whether `actor` may collect an online payment at the door for a cash-on-delivery `order`;
 * the same rule as {@link canMarkPaid}. Never throws.
 */
export function canCollectOnline(order: OrderFacts, actor: Actor): Decision {
  return canMarkPaid(order, actor);
}

/**
 * Whether `actor` may take `order` back from its agent, returning it to the open pool: the
 * seller, for an order some agent holds that is neither delivered nor cancelled. Never throws.
 */
export function canTakeBack(order: OrderFacts, actor: Actor): Decision {
  if (actor.role !== 'seller') return refuse('seller-only');
  if (isFinished(order.status)) return refuse('not-open');
  if (order.assignedTo === null) return refuse('unassigned');
  return ALLOWED;
}

/** The status an agent moves `status` on to next, or null when the order is finished. */
export function nextStatus(status: OrderStatus): OrderStatus | null {
  return (
    ORDER_TRANSITIONS.find((transition) => transition.from === status && transition.by === 'agent')
      ?.to ?? null
  );
}

/** The steps of the shopper's progress bar; the shopper sees 'Order Placed' as 'Pending'. */
export const PROGRESS_STEPS = ['Pending', 'Picked', 'Delivered'] as const;
type ProgressStep = (typeof PROGRESS_STEPS)[number];
export type ShopperBadge = ProgressStep | 'Accepted' | 'Cancelled';

const progressStep = (status: Exclude<OrderStatus, 'Cancelled'>): ProgressStep =>
  status === 'Order Placed' ? 'Pending' : status;

/**
 * The badge on the shopper's order: its progress step, but 'Accepted' once an agent has taken an
 * order not yet picked, beside the agent's name (the progress bar still says Pending).
 */
export function shopperBadge(order: {
  status: OrderStatus;
  /** The agent who took it (an id, or the agent's name and phone), or null. */
  assignedTo: object | string | null;
}): ShopperBadge {
  if (order.status === 'Cancelled') return 'Cancelled';
  if (order.status === 'Order Placed' && order.assignedTo !== null) return 'Accepted';
  return progressStep(order.status);
}

/** The 0-based step of the shopper's progress bar that `status` has reached; -1 when cancelled. */
export function progressIndex(status: OrderStatus): number {
  return status === 'Cancelled' ? -1 : PROGRESS_STEPS.indexOf(progressStep(status));
}
