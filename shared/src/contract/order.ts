import * as z from 'zod/mini';
import { CANCELLED_BY, ORDER_STATUSES, PAYMENT_TYPES } from '../domain/order-machine.js';
import { MAX_ORDER_LINES } from '../limits.js';
import { SHOP_MESSAGES } from '../messages/shop.js';
import { addressSchema } from './address.js';
import {
  idField,
  lineQuantityField,
  messageAnswerSchema,
  requestBody,
  requiredText,
} from './common.js';
import { invoiceSchema, lineTaxSchema } from './gst.js';
import { productSchema } from './product.js';

const quantitySchema = lineQuantityField('quantity');

/**
 * `POST /api/order/cod` and `POST /api/order/razorpay`. Prices, tax and amount are computed
 * on the server from its own products; the body only says what and where.
 */
export const placeOrderBodySchema = requestBody({
  items: z
    .array(
      z.object(
        { product: idField('product'), quantity: quantitySchema },
        { error: 'items must be a list of { product, quantity }' },
      ),
      { error: 'items must be a list of { product, quantity }' },
    )
    .check(
      z.minLength(1, `items must list 1 to ${MAX_ORDER_LINES} products`),
      z.maxLength(MAX_ORDER_LINES, `items must list 1 to ${MAX_ORDER_LINES} products`),
    ),
  address: z.pipe(
    z
      .string({ error: SHOP_MESSAGES.selectAddress })
      .check(z.minLength(1, SHOP_MESSAGES.selectAddress)),
    idField('address'),
  ),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

/**
 * `Idempotency-Key`, optional on `POST /api/order/cod` and `POST /api/order/razorpay`: the same
 * key from the same shopper within {@link IDEMPOTENCY_KEY_HOURS} hours answers the first result
 * again and places nothing more. A client makes one per checkout attempt and reuses it to retry.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_HOURS = 24;
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key must be 1 to 255 printable ASCII characters' })
  .check(
    z.regex(/^[\x20-\x7E]{1,255}$/, 'Idempotency-Key must be 1 to 255 printable ASCII characters'),
  );

/** `POST /api/order/cod`: `orderId` is the new order's id. */
export const codOrderAnswerSchema = z.extend(messageAnswerSchema, { orderId: z.string() });
export type CodOrderAnswer = z.infer<typeof codOrderAnswerSchema>;

/** How an order's money came in: cash at the door, or online (at checkout, or at the door). */
export const PAID_VIA = ['cash', 'online'] as const;
export type PaidVia = (typeof PAID_VIA)[number];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The money an order gave back: rupees refunded (or on their way), and where that stands. */
export const orderRefundSchema = z.object({
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** The delivery agent of an order, as the seller's order list shows it. */
export const assignedAgentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
});
export type AssignedAgent = z.infer<typeof assignedAgentSchema>;

/**
 * An order as the API answers it. `amount` is in rupees: subtotal of offer prices plus the
 * spec's 2 % tax (in its mode).
 * `assignedTo` is the agent's id, or for the seller the agent's name and phone.
 */
export const orderSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  /** Each with its tax as sold (docs/gst.md#a-lines-tax). */
  items: z.array(
    z.object({
      product: productSchema,
      quantity: z.number().check(z.int()),
      ...lineTaxSchema.shape,
    }),
  ),
  /**
   * Rupees: items at their offer prices, the 2 % tax on them in the spec's mode
   * (docs/gst.md#tax-modes), and the delivery fee.
   */
  amount: z.number(),
  /** The shop's delivery fee charged (0: free), part of `amount`. */
  deliveryFee: z.number(),
  address: addressSchema,
  status: z.enum(ORDER_STATUSES),
  paymentType: z.enum(PAYMENT_TYPES),
  isPaid: z.boolean(),
  /** Set once paid: cash at the door, or online (checkout, or the agent's collection). */
  paidVia: z.nullable(z.enum(PAID_VIA)),
  /** An unpaid online order waits for its payment until then, and is cancelled after. */
  payBy: z.nullable(z.iso.datetime()),
  cancelledAt: z.nullable(z.iso.datetime()),
  cancelledBy: z.nullable(z.enum(CANCELLED_BY)),
  cancelReason: z.nullable(z.string()),
  refund: z.nullable(orderRefundSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * When it should arrive: the shop's promised minutes from when the shop saw it (placed with
   * cash on delivery, or paid online); null while an online order awaits payment.
   */
  promisedAt: z.nullable(z.iso.datetime()),
  /** When an agent took it (accepted, or given by the seller); null while in the pool. */
  acceptedAt: z.nullable(z.iso.datetime()),
  pickedAt: z.nullable(z.iso.datetime()),
  deliveredAt: z.nullable(z.iso.datetime()),
  assignedTo: z.nullable(z.union([z.string(), assignedAgentSchema])),
  /** The agent must enter the shopper's delivery PIN to mark it Delivered. */
  pinRequired: z.boolean(),
  /** Too many wrong PINs: it cannot be delivered until the seller unlocks it. */
  pinLocked: z.boolean(),
  /**
   * Its invoice (bill of supply, bill), issued when its agent marks it Picked; null before
   * (docs/gst.md#online-orders). Its credit note once cancelled after that; else null.
   */
  invoice: z.nullable(invoiceSchema),
  creditNote: z.nullable(invoiceSchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * An order as its own shopper reads it (`GET /api/order/user`, the `user:<id>` room): the only
 * answer carrying its delivery PIN, until it is delivered or cancelled.
 */
export const shopperOrderSchema = z.extend(orderSchema, {
  deliveryPin: z.nullable(z.string()),
  assignedTo: z.nullable(z.string()),
  /** Who is bringing it, once an agent has taken it: a name to expect and a number to call. */
  agent: z.nullable(z.object({ name: z.string(), phone: z.string() })),
});
export type ShopperOrder = z.infer<typeof shopperOrderSchema>;

/** An order in the seller's list and the `seller` room. */
export const sellerOrderSchema = z.extend(orderSchema, {
  assignedTo: z.nullable(assignedAgentSchema),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

/** An order in an agent's list and the `agents` / `agent:<id>` rooms. */
export const agentOrderSchema = z.extend(orderSchema, { assignedTo: z.nullable(z.string()) });
export type AgentOrder = z.infer<typeof agentOrderSchema>;

/** `GET /api/order/user`: the shopper's own orders, newest first. */
export const userOrdersAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.array(shopperOrderSchema),
});
export type UserOrdersAnswer = z.infer<typeof userOrdersAnswerSchema>;

/** `GET /api/order/seller?page=&limit=`: one page of the orders, newest first. */
export const sellerOrdersQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .check(
        z.int('page must be a whole number from 1'),
        z.minimum(1, 'page must be a whole number from 1'),
      ),
    1,
  ),
  limit: z._default(
    z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .check(
        z.int('limit must be a whole number from 1 to 100'),
        z.minimum(1, 'limit must be a whole number from 1 to 100'),
        z.maximum(100, 'limit must be a whole number from 1 to 100'),
      ),
    50,
  ),
});
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuerySchema>;

/** `GET /api/order/seller`: every order visible to the seller, newest first, one page of them. */
export const sellerOrdersAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.array(sellerOrderSchema),
  page: z.number().check(z.int()),
  hasMore: z.boolean(),
});
export type SellerOrdersAnswer = z.infer<typeof sellerOrdersAnswerSchema>;

/** `POST /api/order/seller/release`: the seller takes an order back from its agent. */
export const releaseOrderBodySchema = requestBody({ orderId: idField('orderId') });
export type ReleaseOrderBody = z.infer<typeof releaseOrderBodySchema>;

/** `POST /api/order/cancel`: the shopper cancels their own order, until it is picked. */
export const cancelOrderBodySchema = requestBody({ orderId: idField('orderId') });
export type CancelOrderBody = z.infer<typeof cancelOrderBodySchema>;

/** The longest reason the seller may give for cancelling an order. */
export const MAX_CANCEL_REASON = 200;

/** `POST /api/order/seller/cancel`: the seller cancels an order until it is delivered. */
export const sellerCancelOrderBodySchema = requestBody({
  orderId: idField('orderId'),
  reason: requiredText('reason', MAX_CANCEL_REASON),
});
export type SellerCancelOrderBody = z.infer<typeof sellerCancelOrderBodySchema>;

/** `POST /api/order/cancel`: the order, cancelled, as the shopper lists it. */
export const cancelOrderAnswerSchema = z.extend(messageAnswerSchema, {
  order: shopperOrderSchema,
});
export type CancelOrderAnswer = z.infer<typeof cancelOrderAnswerSchema>;

/**
 * `POST /api/order/seller/release`, `…/cancel` and `…/assign`: the order after the change, as
 * the seller lists it.
 */
export const sellerOrderAnswerSchema = z.extend(messageAnswerSchema, { order: sellerOrderSchema });
export type SellerOrderAnswer = z.infer<typeof sellerOrderAnswerSchema>;

/** `POST /api/order/seller/unlock-pin`: the seller lets the agent try the delivery PIN again. */
export const unlockPinBodySchema = requestBody({ orderId: idField('orderId') });
export type UnlockPinBody = z.infer<typeof unlockPinBodySchema>;

/** `POST /api/order/seller/assign`: the seller hands an open order to an agent. */
export const assignOrderBodySchema = requestBody({
  orderId: idField('orderId'),
  agentId: idField('agentId'),
});
export type AssignOrderBody = z.infer<typeof assignOrderBodySchema>;

export const ORDER_EVENT_TYPES = [
  'placed',
  'paid',
  'accepted',
  'status',
  'released',
  'expired',
  'refunded',
  'cancelled',
  'assigned',
  'unaccepted',
  'pin-wrong',
  'pin-locked',
  'pin-unlocked',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export const ORDER_ACTOR_ROLES = ['user', 'seller', 'agent', 'system'] as const;

/** One line of an order's history: what changed, who did it, when. */
export const orderEventSchema = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  by: z.object({
    role: z.enum(ORDER_ACTOR_ROLES),
    _id: z.nullable(z.string()),
    /** The agent's or shopper's name when known. */
    name: z.nullable(z.string()),
  }),
  fromStatus: z.nullable(z.enum(ORDER_STATUSES)),
  toStatus: z.nullable(z.enum(ORDER_STATUSES)),
  note: z.nullable(z.string()),
  at: z.iso.datetime(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** `GET /api/order/{id}/history`: the seller reads every change of an order, oldest first. */
export const orderHistoryAnswerSchema = z.object({
  success: z.literal(true),
  events: z.array(orderEventSchema),
});
export type OrderHistoryAnswer = z.infer<typeof orderHistoryAnswerSchema>;
