/**
 * The statements of placing an order (order.service.ts placeOrder) after the key's claim
 * (order-idempotency.service.ts), as SQL text written once a shape (plain SQL through the ORM's
 * connection, no query builder): the shop's hot path, where building each statement anew cost
 * more CPU than sending it, and sent as named statements, as PostgreSQL's planning each anew cost
 * it more than running it (lib/prepared-statement.ts `named`; bench/orders.mjs, whose ceiling
 * sends these same texts alike).
 */
import type { Kysely } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Unit } from '@kirana/shared';
import { named } from '../../lib/prepared-statement.js';
import type { Product } from '../product/product.entity.js';
import type { AddressSnapshot, Order } from './order.entity.js';
import type { ListedItem, ListedOrder } from './order.presenter.js';

/** What runs a statement: a transaction's Kysely, whatever its tables. */
type Db = Pick<Kysely<object>, 'executeQuery'>;

/** `($from, $from+1, …)` for `width` values. */
function row(from: number, width: number): string {
  return `(${Array.from({ length: width }, (_, column) => `$${from + column}`).join(', ')})`;
}

/** Memoised by `count`: a statement's text for that many rows, sent as a named statement. */
function byCount(text: (count: number) => string): (count: number) => string {
  const texts = new Map<number, string>();
  return (count) => {
    let known = texts.get(count);
    if (known === undefined) {
      known = named(text(count));
      texts.set(count, known);
    }
    return known;
  };
}

/**
 * The shopper's address as the order keeps it, and how many of their orders are open (neither
 * delivered nor cancelled) and unpaid: cash on delivery not yet paid, or online awaiting payment
 * (one past its time to pay is about to be cancelled: not counted).
 */
const ADDRESS_AND_OPEN_ORDERS = named(`
  select id, first_name, last_name, email, phone, street, city, state, zipcode, country,
    (select count(*)::int from orders as o where o.user_id = $1 and not o.is_paid
      and o.status not in ('Delivered', 'Cancelled')
      and (o.expires_at is null or o.expires_at > $2)) as open_unpaid
  from addresses where id = $3 and user_id = $1`);

interface AddressRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  open_unpaid: number;
}

/**
 * Shopper `userId`'s address `addressId` as the order keeps it, and how many of their orders are
 * open and unpaid at `now` (see {@link ADDRESS_AND_OPEN_ORDERS}); undefined when the address is
 * not theirs.
 */
export async function readAddressAndOpenOrders(
  db: Db,
  userId: string,
  addressId: string,
  now: Date,
): Promise<{ address: AddressSnapshot; openUnpaid: number } | undefined> {
  const { rows } = await db.executeQuery<AddressRow>(
    CompiledQuery.raw(ADDRESS_AND_OPEN_ORDERS, [userId, now, addressId]),
  );
  const found = rows[0];
  if (!found) return undefined;
  return {
    address: {
      addressId: found.id,
      firstName: found.first_name,
      lastName: found.last_name,
      email: found.email,
      phone: found.phone,
      street: found.street,
      city: found.city,
      state: found.state,
      zipcode: found.zipcode,
      country: found.country,
    },
    openUnpaid: found.open_unpaid,
  };
}

/** An order's row as placing writes it. */
export interface PlacedOrderRow {
  id: string;
  userId: string;
  address: AddressSnapshot;
  subtotalPaise: number;
  taxPaise: number;
  taxMode: string;
  amountPaise: number;
  deliveryFeePaise: number;
  paymentType: Order['paymentType'];
  expiresAt: Date | null;
  offeredAt: Date | null;
  promisedAt: Date | null;
  deliveryPin: string | null;
  createdAt: Date;
}

/** One of its items' rows. */
export interface PlacedItemRow {
  id: string;
  productId: string;
  quantity: number;
  unit: Unit;
  unitPricePaise: number;
  stockProductId: string;
  stockQuantity: number;
  stockTaken: boolean;
  hsn: string | null;
  gstRate: number | null;
  taxablePaise: number | null;
  cgstPaise: number | null;
  sgstPaise: number | null;
}

const ORDER_VALUES = 15;
const ITEM_VALUES = 13;

/**
 * The order placed (status Order Placed, unpaid, nothing refunded), its items in their order,
 * its history line (placed by its shopper), and the claim's record of it with its answer, in one
 * statement; the order's id is `$1` and the time `$14` throughout.
 */
const WRITE_ORDER = byCount((items) => {
  const item = (index: number) =>
    `($${ORDER_VALUES + 1 + index * ITEM_VALUES}, $1, ${index}, ${row(ORDER_VALUES + 2 + index * ITEM_VALUES, ITEM_VALUES - 1).slice(1)}`;
  const after = ORDER_VALUES + 1 + items * ITEM_VALUES;
  return `
  with placed_order as (
    insert into orders (id, user_id, address, subtotal_paise, tax_paise, tax_mode, amount_paise,
      delivery_fee_paise, payment_type, expires_at, offered_at, promised_at, delivery_pin,
      created_at, updated_at, status, is_paid, refund_paise)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, 'Order Placed',
      false, 0)
  ), placed_items as (
    insert into order_items (id, order_id, position, product_id, quantity, unit, unit_price_paise,
      stock_product_id, stock_quantity, stock_taken, hsn, gst_rate, taxable_paise, cgst_paise,
      sgst_paise)
    values ${Array.from({ length: items }, (_, index) => item(index)).join(', ')}
  ), placed_history as (
    insert into order_events (id, order_id, type, actor_role, actor_id, to_status, created_at)
    values ($15, $1, 'placed', 'user', $2, 'Order Placed', $14)
  )
  update order_idempotency_keys set order_id = $1, answer_status = $${after},
    answer = $${after + 1}
  where id = $${after + 2}`;
});

/**
 * Writes `order` (see {@link WRITE_ORDER}) with `items`, its history line `historyId`, and on
 * claim `claimId` (none: no key) the order and the answer when known.
 */
export async function writePlacedOrder(
  db: Db,
  order: PlacedOrderRow,
  items: readonly PlacedItemRow[],
  historyId: string,
  claim: { id: string | null; answer?: { status: number; body: unknown } | undefined },
): Promise<void> {
  const parameters: unknown[] = [
    order.id,
    order.userId,
    order.address,
    order.subtotalPaise,
    order.taxPaise,
    order.taxMode,
    order.amountPaise,
    order.deliveryFeePaise,
    order.paymentType,
    order.expiresAt,
    order.offeredAt,
    order.promisedAt,
    order.deliveryPin,
    order.createdAt,
    historyId,
  ];
  for (const item of items) {
    parameters.push(
      item.id,
      item.productId,
      item.quantity,
      item.unit,
      item.unitPricePaise,
      item.stockProductId,
      item.stockQuantity,
      item.stockTaken,
      item.hsn,
      item.gstRate,
      item.taxablePaise,
      item.cgstPaise,
      item.sgstPaise,
    );
  }
  parameters.push(claim.answer?.status ?? null, claim.answer?.body ?? null, claim.id);
  await db.executeQuery(CompiledQuery.raw(WRITE_ORDER(items.length), parameters));
}

/**
 * `order` with `items` (each with its product as the placing took it: take-for-sale.ts
 * `asListed`) as readListedOrders reads it once {@link writePlacedOrder} has written it: placed,
 * unpaid, with no agent, no change and no tax document yet. Its live updates go out with it, and
 * placing reads nothing back.
 */
export function placedOrderAsListed(
  order: PlacedOrderRow,
  items: ReadonlyArray<PlacedItemRow & { product: Product }>,
): ListedOrder & { items: ListedItem[] } {
  return {
    id: order.id,
    user: { id: order.userId },
    items: items.map((item) => ({
      quantity: item.quantity,
      unit: item.unit,
      unitPricePaise: item.unitPricePaise,
      hsn: item.hsn,
      gstRate: item.gstRate,
      taxablePaise: item.taxablePaise,
      cgstPaise: item.cgstPaise,
      sgstPaise: item.sgstPaise,
      product: item.product,
    })),
    address: order.address,
    amountPaise: order.amountPaise,
    deliveryFeePaise: order.deliveryFeePaise,
    status: 'Order Placed',
    paymentType: order.paymentType,
    isPaid: false,
    paidVia: null,
    expiresAt: order.expiresAt,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    refundStatus: null,
    refundPaise: 0,
    deliveryPin: order.deliveryPin,
    pinLockedAt: null,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
    promisedAt: order.promisedAt,
    assignedAt: null,
    pickedAt: null,
    deliveredAt: null,
    invoice: null,
    creditNote: null,
    assignedTo: null,
  };
}
