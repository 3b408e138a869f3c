import {
  cartTotals,
  MAX_LINE_QUANTITY,
  MIN_ONLINE_PAYMENT_PAISE,
  type OrderEvent,
  type PlaceOrderBody,
  type SellerOrdersQuery,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { AddressSchema } from '../address/address.entity.js';
import { presentAddress } from '../address/address.presenter.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { ProductSchema } from '../product/product.entity.js';
import { UserSchema } from '../user/user.entity.js';
import {
  claimKey,
  placeOnce,
  recordOrder,
  type KeyedRequest,
  type PlacementAnswer,
} from './order-idempotency.service.js';
import { openPoolOrders, releasedOrders } from './order-queries.js';
import { OrderEventSchema, OrderItemSchema, OrderSchema, type Order } from './order.entity.js';

/** Amounts are stored as 32-bit paise: ₹2,14,74,836.47 at most. */
const MAX_ORDER_PAISE = 2_147_483_647;

/** How an order will be paid: cash at the door, or online before the shop sees it (until `payBy`). */
export type PaymentTerms = { type: 'COD' } | { type: 'Online'; payBy: Date };

/** An `Idempotency-Key` to claim with the order, and the answer to store with it when known. */
export interface OrderKey {
  request: KeyedRequest;
  answer?: (orderId: string) => PlacementAnswer;
}

/**
 * Places an order for `userId`: checks every item against the catalogue, prices it from the
 * database (never from the request), writes the order, its items and its history line, and
 * empties the shopper's saved cart — all in one transaction (which first claims `key`, when
 * given); then publishes `order.placed`.
 * An online order stays hidden from the shop until it is paid (payment.service.ts).
 * @throws AppError notFound for an address that is not the shopper's; invalid for an unknown
 * product or a quantity over the limit; conflict for an out-of-stock product. KeyInUse when
 * another request has placed an order with `key`.
 */
export async function placeOrder(
  em: EntityManager,
  events: DomainEvents,
  userId: string,
  body: PlaceOrderBody,
  payment: PaymentTerms,
  key?: OrderKey,
): Promise<Order> {
  const lines = mergeLines(body.items);
  const order = await em.transactional(async (tx) => {
    // First: a duplicate waits here for this transaction, before it takes anything else.
    const claim = key && (await claimKey(tx, userId, key.request));
    const address = await tx.findOne(AddressSchema, { id: body.address, user: userId });
    if (!address) throw new AppError('notFound', 'Address not found');
    const products = new Map(
      (await tx.find(ProductSchema, { id: { $in: lines.map((line) => line.product) } })).map(
        (product) => [product.id, product],
      ),
    );
    const priced = lines.map(({ product: id, quantity }) => {
      const product = products.get(id);
      if (!product) throw new AppError('invalid', `items: no product with id ${id}`);
      if (!product.inStock) throw new AppError('conflict', `${product.name} is out of stock`);
      return { product, quantity, unitPrice: product.offerPricePaise };
    });
    const totals = cartTotals(priced);
    if (totals.total > MAX_ORDER_PAISE)
      throw new AppError('invalid', 'items: the order total is too large');
    if (payment.type === 'Online' && totals.total < MIN_ONLINE_PAYMENT_PAISE) {
      throw new AppError(
        'invalid',
        `Online payments start at ₹${MIN_ONLINE_PAYMENT_PAISE / 100}: choose cash on delivery for this order`,
      );
    }

    const { _id: addressId, ...delivery } = presentAddress(address);
    const order = tx.create(OrderSchema, {
      user: userId,
      address: { addressId, ...delivery },
      subtotalPaise: totals.subtotal,
      taxPaise: totals.tax,
      amountPaise: totals.total,
      paymentType: payment.type,
      status: 'Order Placed',
      isPaid: false,
      expiresAt: payment.type === 'Online' ? payment.payBy : null,
    });
    priced.forEach(({ product, quantity, unitPrice }, position) =>
      tx.create(OrderItemSchema, { order, position, product, quantity, unitPricePaise: unitPrice }),
    );
    tx.create(OrderEventSchema, {
      order,
      type: 'placed',
      actorRole: 'user',
      actorId: userId,
      toStatus: 'Order Placed',
    });
    await tx.nativeUpdate(UserSchema, { id: userId }, { cartItems: {} });
    if (claim) {
      await tx.flush();
      await recordOrder(tx, claim, order.id, key.answer?.(order.id));
    }
    return order;
  });
  events.publish({ type: 'order.placed', orderId: order.id });
  return order;
}

/**
 * Places a cash-on-delivery order (see {@link placeOrder}), once per `Idempotency-Key`: a repeat
 * of the key answers the first answer again (see placeOnce).
 * @throws AppError as placeOrder and placeOnce do.
 */
export async function placeCodOrder(
  em: EntityManager,
  events: DomainEvents,
  userId: string,
  body: PlaceOrderBody,
  request: KeyedRequest | undefined,
): Promise<PlacementAnswer> {
  const answer = (orderId: string): PlacementAnswer => ({
    status: 201,
    body: { success: true, message: 'Order Placed Successfully', orderId },
  });
  const key = request && { request, answer };
  return placeOnce(em, userId, request, async () => {
    const order = await placeOrder(em, events, userId, body, { type: 'COD' }, key);
    return answer(order.id);
  });
}

/** The same product listed twice is one line; its quantities add up (and must stay within limits). */
function mergeLines(items: PlaceOrderBody['items']): PlaceOrderBody['items'] {
  const merged = new Map<string, number>();
  for (const { product, quantity } of items)
    merged.set(product, (merged.get(product) ?? 0) + quantity);
  return [...merged].map(([product, quantity]) => {
    if (quantity > MAX_LINE_QUANTITY) {
      throw new AppError(
        'invalid',
        `items: quantity must be an integer from 1 to ${MAX_LINE_QUANTITY}`,
      );
    }
    return { product, quantity };
  });
}

/** The shopper's own orders, newest first, with their items' products. */
export async function listUserOrders(em: EntityManager, userId: string): Promise<Order[]> {
  return em.find(
    OrderSchema,
    { user: userId },
    { populate: ['items.product'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

/**
 * One page of the orders the seller sees (cash-on-delivery ones, and online ones once paid),
 * newest first, with products and the delivering agent loaded.
 */
export async function listSellerOrders(
  em: EntityManager,
  { page, limit }: SellerOrdersQuery,
): Promise<{ orders: Order[]; hasMore: boolean }> {
  const orders = await em.find(OrderSchema, releasedOrders, {
    populate: ['items.product', 'assignedTo'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  return { orders: orders.slice(0, limit), hasMore: orders.length > limit };
}

/** What an agent sees: the open unassigned orders plus every order of their own, newest first. */
export async function listAgentOrders(em: EntityManager, agentId: string): Promise<Order[]> {
  return em.find(
    OrderSchema,
    {
      $or: [{ assignedTo: agentId, status: { $ne: 'Cancelled' } }, openPoolOrders],
    },
    { populate: ['items.product'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

/**
 * Every change of one order, oldest first, with the names of the people who made them.
 * @throws AppError notFound for an unknown order.
 */
export async function listOrderHistory(em: EntityManager, orderId: string): Promise<OrderEvent[]> {
  if (!(await em.count(OrderSchema, { id: orderId })))
    throw new AppError('notFound', 'Order not found');
  const events = await em.find(
    OrderEventSchema,
    { order: orderId },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const idsOf = (role: string) =>
    events.flatMap((event) => (event.actorRole === role && event.actorId ? [event.actorId] : []));
  const names = new Map<string, string>([
    ...(await em.find(AgentSchema, { id: { $in: idsOf('agent') } })).map(
      (agent) => [agent.id, agent.name] as const,
    ),
    ...(await em.find(UserSchema, { id: { $in: idsOf('user') } })).map(
      (user) => [user.id, user.name] as const,
    ),
  ]);
  return events.map((event) => ({
    type: event.type,
    by: {
      role: event.actorRole,
      _id: event.actorId ?? null,
      name: (event.actorId && names.get(event.actorId)) || null,
    },
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    note: event.note ?? null,
    at: event.createdAt.toISOString(),
  }));
}
