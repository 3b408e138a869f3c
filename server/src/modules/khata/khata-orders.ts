/**
 * Online orders on the khata (docs/orders.md#khata-orders): placed by a shopper linked to a khata
 * customer with a limit, their credit checked at placing with the khata orders still on their
 * way; the amount goes on the khata as a credit when the order is delivered, in the delivery's
 * transaction, once. The order module places and moves them; this gives it the khata's part
 * (modules depend on `order`, never the reverse); its route is khata-orders.routes.ts. Reads with
 * Kysely; writes through the ledger.
 */
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { OrderSchema, Order } from '../order/order.entity.js';
import type { KhataCreditHold } from '../order/order.service.js';
import type { DeliveryStep } from '../order/order-state.service.js';
import type { KhataCustomerSchema, KhataEntrySchema } from './khata.entity.js';
import { checkCredit, lockCustomer, postEntry } from './khata-ledger.js';
import { customerOfShopper } from './khata-reads.js';

type KhataOrderTables = InferKyselyDB<
  typeof KhataCustomerSchema | typeof KhataEntrySchema | typeof OrderSchema
>;

export const NOT_ON_KHATA =
  "Your account is not on the shop's khata: ask the shop to add you, or pay another way";
export const NO_KHATA_CREDIT = 'The shop gives your khata no credit: pay another way';

/**
 * What the khata orders of customer `customerId`'s shopper account, placed and not yet delivered
 * nor cancelled, come to, in paise: credit promised, posted when each is delivered (and then not
 * checked again), so every check of the limit counts it. Read under the customer's lock.
 */
export async function khataOrdersOnTheWayPaise(
  tx: EntityManager,
  customerId: string,
): Promise<number> {
  const { pending } = await tx
    .getKysely<KhataOrderTables>()
    .selectFrom('orders')
    .innerJoin('khata_customers', 'khata_customers.shopper_id', 'orders.user_id')
    .select(sql<string>`coalesce(sum(orders.amount_paise), 0)`.as('pending'))
    .where('khata_customers.id', '=', customerId)
    .where('orders.payment_type', '=', 'Khata')
    .where('orders.status', 'not in', ['Delivered', 'Cancelled'])
    .executeTakeFirstOrThrow();
  return Number(pending);
}

/**
 * Locks the khata customer of shopper `userId` for the placing transaction `tx`, and answers the
 * check of an order's total against their limit, counting their khata orders on their way.
 * @throws AppError FORBIDDEN when the shopper is on no khata, or on one without credit; the
 * check throws CREDIT_LIMIT saying the balance (with the orders on their way), the limit and
 * what is left.
 */
export const holdShopperCredit: KhataCreditHold = async (tx, userId) => {
  const linked = await customerOfShopper(tx, userId);
  if (!linked) throw new AppError('FORBIDDEN', NOT_ON_KHATA);
  if (linked.creditLimitPaise === 0) throw new AppError('FORBIDDEN', NO_KHATA_CREDIT);
  const customer = await lockCustomer(tx, linked.id);
  // Read under the lock: a racing khata order of theirs has committed, or waits behind this one.
  const pending = await khataOrdersOnTheWayPaise(tx, customer.id);
  return (amountPaise) => checkCredit(customer, amountPaise, pending);
};

/**
 * Puts delivered khata order `order` on its shopper's khata as a credit of its amount, in the
 * delivery's transaction `tx`; once: an order already on the khata is left as it is (and the
 * unique index of an order's credit stands behind this). Answers the customer, or null when
 * `order` is not a khata order or was posted already. The limit is not checked again: it was at
 * placing, with the order counted as on its way.
 * @throws AppError CONFLICT when the shopper is on no khata any more, which updateCustomer does
 * not allow while such an order is on its way.
 */
export async function postDeliveredOrder(
  tx: EntityManager,
  order: Pick<Order, 'id' | 'paymentType' | 'amountPaise'> & { user: { id: string } },
): Promise<string | null> {
  if (order.paymentType !== 'Khata') return null;
  const linked = await customerOfShopper(tx, order.user.id);
  if (!linked)
    throw new AppError(
      'CONFLICT',
      'This order is on the khata, but its shopper is on no khata now: ask the shop to link them again before it is delivered',
    );
  const customer = await lockCustomer(tx, linked.id);
  const posted = await tx
    .getKysely<KhataOrderTables>()
    .selectFrom('khata_entries')
    .select('id')
    .where('order_id', '=', order.id)
    .where('kind', '=', 'credit')
    .executeTakeFirst();
  if (posted) return null;
  await postEntry(tx, customer, {
    kind: 'credit',
    amountPaise: order.amountPaise,
    orderId: order.id,
  });
  return customer.id;
}

/** On delivery, a khata order's amount goes on the khata (wiring.ts). */
export const khataDeliveryStep: DeliveryStep = {
  async delivered(changes, order) {
    const customerId = await postDeliveredOrder(changes.tx, order);
    if (customerId) changes.also({ type: 'khata.changed', customerId });
  },
};
