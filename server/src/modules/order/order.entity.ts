import {
  CANCELLED_BY,
  ORDER_ACTOR_ROLES,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAID_VIA,
  PAYMENT_TYPES,
  REFUND_STATUSES,
  TAX_MODES,
  UNITS,
  type Invoice,
} from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import {
  createdAtProperty,
  idProperty,
  lineTaxProperties,
  updatedAtProperty,
} from '../../db/base.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { ProductSchema } from '../product/product.entity.js';
import { UserSchema } from '../user/user.entity.js';

/** The delivery address as it was when the order was placed; later edits do not move orders. */
export interface AddressSnapshot {
  addressId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

/**
 * The SQL of the document of the order whose id is the column `orderId` — its invoice, or with
 * `creditNote` its credit note — as every order answer carries it (docs/orders.md#invoices):
 * JSON `{ number, series, date, kind, refersTo? }`, or null. The gst module issues them (above
 * this module, so read here by table name, never imported); an order has at most one of each.
 */
export function orderDocumentSql(orderId: string, creditNote: boolean): string {
  return `(select json_strip_nulls(json_build_object('number', d.printed, 'series', d.series, 'date', d.date, 'kind', d.kind, 'refersTo', r.printed)) from tax_documents d left join tax_documents r on r.id = d.refers_to_id where d.order_id = ${orderId} and (d.kind = 'credit-note') = ${creditNote})`;
}

export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserSchema).index(),
    items: () => p.oneToMany(OrderItemSchema).mappedBy('order').orderBy({ position: 'asc' }),
    address: p.json<AddressSnapshot>(),
    /** Totals in paise, computed on the server from the products at placement. */
    subtotalPaise: p.integer(),
    taxPaise: p.integer(),
    /** How the shop billed when it was placed (docs/gst.md#online-orders): its invoice follows it. */
    taxMode: p.enum(TAX_MODES).default('spec'),
    /** The shop's delivery fee at placement (0 when free); part of the amount. */
    deliveryFeePaise: p.integer().default(0),
    amountPaise: p.integer(),
    status: p.enum(ORDER_STATUSES).default('Order Placed'),
    paymentType: p.enum(PAYMENT_TYPES),
    isPaid: p.boolean().default(false),
    paidAt: p.datetime().nullable(),
    paidVia: p.enum(PAID_VIA).nullable(),
    assignedTo: () => p.manyToOne(AgentSchema).nullable().index(),
    assignedAt: p.datetime().nullable(),
    /**
     * When the order was last offered to the agents' pool (placed, paid online, taken back, or
     * offered again after nobody accepted it); the unaccepted alert counts from here.
     */
    offeredAt: p.datetime().nullable(),
    /** Unpaid online orders expire; COD orders never do. */
    expiresAt: p.datetime().nullable(),
    /**
     * When it should arrive: the shop's promised minutes from when the shop first saw it (placed
     * with cash on delivery, or paid online); unset while an online order awaits payment.
     */
    promisedAt: p.datetime().nullable(),
    pickedAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelledBy: p.enum(CANCELLED_BY).nullable(),
    cancelReason: p.string().length(200).nullable(),
    /**
     * The 4 digits the agent must enter to deliver it, shown only to its shopper; null when
     * placed with DELIVERY_PIN=off (or before PINs existed).
     */
    deliveryPin: p.string().length(4).nullable(),
    /** Wrong PINs entered since it was placed or last unlocked. */
    pinFailures: p.smallint().default(0),
    /** Set at the last wrong try: no PIN is taken until the seller unlocks it. */
    pinLockedAt: p.datetime().nullable(),
    /** The refunds' sum and state, kept with the order so every list shows them (payment module). */
    refundPaise: p.integer().default(0),
    refundStatus: p.enum(REFUND_STATUSES).nullable(),
    /**
     * Its invoice, issued when picked, and its credit note when cancelled after: read with it, as
     * the JSON PostgreSQL gives (a type of no conversion: a json type's would read a column).
     */
    invoice: p
      .formula<Invoice | null>((columns) => orderDocumentSql(`${columns}.id`, false))
      .type('unknown')
      .nullable(),
    creditNote: p
      .formula<Invoice | null>((columns) => orderDocumentSql(`${columns}.id`, true))
      .type('unknown')
      .nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [{ properties: ['status', 'assignedTo'] }, { properties: ['createdAt'] }],
});
export type Order = InferEntity<typeof OrderSchema>;

export const OrderItemSchema = defineEntity({
  name: 'OrderItem',
  tableName: 'order_items',
  properties: {
    id: idProperty(),
    order: () => p.manyToOne(OrderSchema).deleteRule('cascade'),
    position: p.integer(),
    product: () => p.manyToOne(ProductSchema),
    /** Pieces, or grams (ml) of a product sold by the kilo (litre): `unit` as sold. */
    quantity: p.integer().check('quantity between 1 and 1000000'),
    unit: p.enum(UNITS).default('piece'),
    /**
     * The offer price charged, per piece, kilo or litre, kept so later price changes do not
     * rewrite past orders.
     */
    unitPricePaise: p.integer(),
    /**
     * The product whose count the line takes from, and how much, when not its own product and
     * `quantity`: a pack drawing from loose stock takes the loose product's grams
     * (docs/catalogue.md#selling-them). Null: its own.
     */
    stockProduct: () => p.manyToOne(ProductSchema).nullable(),
    stockQuantity: p.integer().nullable().check('stock_quantity > 0'),
    /**
     * Whether placing the order took `stockQuantity` from the stock product's count; a
     * cancellation puts back exactly these, once.
     */
    stockTaken: p.boolean().default(false),
    ...lineTaxProperties(),
  },
  uniques: [{ properties: ['order', 'position'] }],
});
export type OrderItem = InferEntity<typeof OrderItemSchema>;

/** One line of an order's history: what changed, by whom, when. */
export const OrderEventSchema = defineEntity({
  name: 'OrderEvent',
  tableName: 'order_events',
  properties: {
    id: idProperty(),
    order: () => p.manyToOne(OrderSchema).index().deleteRule('cascade'),
    type: p.enum(ORDER_EVENT_TYPES),
    actorRole: p.enum(ORDER_ACTOR_ROLES),
    actorId: p.uuid().nullable(),
    fromStatus: p.enum(ORDER_STATUSES).nullable(),
    toStatus: p.enum(ORDER_STATUSES).nullable(),
    note: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
  },
});
export type OrderEvent = InferEntity<typeof OrderEventSchema>;
