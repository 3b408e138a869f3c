import {
  isFinished,
  toRupees,
  type AgentOrder,
  type AgentOrderAnswer,
  type SellerOrder,
  type SellerOrderAnswer,
  type ShopperOrder,
} from '@kirana/shared';
import { presentLineTax } from '../../lib/line-tax.js';
import type { Agent } from '../agent/agent.entity.js';
import type { Product } from '../product/product.entity.js';
import { presentProduct } from '../product/product.presenter.js';
import type { Order, OrderItem } from './order.entity.js';

/** What presenting an order reads of each item: its quantity, the price charged, its product. */
export type ListedItem = Pick<
  OrderItem,
  | 'quantity'
  | 'unit'
  | 'unitPricePaise'
  | 'hsn'
  | 'gstRate'
  | 'taxablePaise'
  | 'cgstPaise'
  | 'sgstPaise'
> & {
  product: Product;
};

/**
 * What presenting an order reads of it: an Order with its items' products (and its agent, for the
 * seller) loaded, or the same read in one plain query (readListedOrders).
 */
export type ListedOrder = Pick<
  Order,
  | 'id'
  | 'address'
  | 'amountPaise'
  | 'deliveryFeePaise'
  | 'status'
  | 'paymentType'
  | 'isPaid'
  | 'paidVia'
  | 'expiresAt'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'cancelReason'
  | 'refundStatus'
  | 'refundPaise'
  | 'deliveryPin'
  | 'pinLockedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'promisedAt'
  | 'assignedAt'
  | 'pickedAt'
  | 'deliveredAt'
  | 'invoice'
  | 'creditNote'
> & {
  user: { id: string };
  items: Iterable<ListedItem>;
  assignedTo?: Pick<Agent, 'id' | 'name' | 'phone'> | null;
};

declare module '../../lib/domain-events.js' {
  /** As readListedOrders reads it at the end of the transaction that placed or changed it. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge is the point
  interface CommittedOrder extends ListedOrder {}
}

/**
 * An order with its items' products loaded, as the shopper's and the agents' lists show it:
 * `assignedTo` is the agent's id; pictures are absolute URLs under `publicUrl`.
 */
export function presentOrder(order: ListedOrder, publicUrl: string | undefined): AgentOrder {
  const { addressId, ...address } = order.address;
  return {
    _id: order.id,
    userId: order.user.id,
    items: Array.from(order.items, (item) => ({
      // The price charged, not today's: past orders keep adding up to their amount.
      product: {
        ...presentProduct(item.product, publicUrl),
        // As sold: its quantity is pieces, or grams at this price per kilo.
        unit: item.unit,
        offerPrice: toRupees(item.unitPricePaise),
      },
      quantity: item.quantity,
      ...presentLineTax(item),
    })),
    amount: toRupees(order.amountPaise),
    deliveryFee: toRupees(order.deliveryFeePaise),
    address: { _id: addressId, ...address },
    status: order.status,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    paidVia: order.paidVia ?? null,
    payBy:
      order.isPaid || order.status === 'Cancelled'
        ? null
        : (order.expiresAt?.toISOString() ?? null),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelledBy: order.cancelledBy ?? null,
    cancelReason: order.cancelReason ?? null,
    refund: order.refundStatus
      ? { amount: toRupees(order.refundPaise), status: order.refundStatus }
      : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    promisedAt: order.promisedAt?.toISOString() ?? null,
    acceptedAt: order.assignedAt?.toISOString() ?? null,
    pickedAt: order.pickedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    assignedTo: order.assignedTo?.id ?? null,
    pinRequired: Boolean(order.deliveryPin),
    pinLocked: Boolean(order.pinLockedAt),
    invoice: order.invoice ?? null,
    creditNote: order.creditNote ?? null,
  };
}

/**
 * As its own shopper sees it (agent loaded): the only answer with the delivery PIN and who is
 * bringing it, while the order is on its way (neither once delivered or cancelled). `listed`: the
 * order as presentOrder answered it already (a live event sends it to several rooms), else made.
 */
export function presentShopperOrder(
  order: ListedOrder,
  publicUrl: string | undefined,
  listed: AgentOrder = presentOrder(order, publicUrl),
): ShopperOrder {
  const finished = isFinished(order.status);
  const agent = finished ? null : order.assignedTo;
  return {
    ...listed,
    deliveryPin: finished ? null : (order.deliveryPin ?? null),
    agent: agent ? { name: agent.name, phone: agent.phone } : null,
  };
}

/**
 * As the seller sees it: the delivering agent's name and phone (agent loaded). `listed`: as
 * presentShopperOrder takes it.
 */
export function presentSellerOrder(
  order: ListedOrder,
  publicUrl: string | undefined,
  listed: AgentOrder = presentOrder(order, publicUrl),
): SellerOrder {
  const agent = order.assignedTo;
  return {
    ...listed,
    assignedTo: agent ? { _id: agent.id, name: agent.name, phone: agent.phone } : null,
  };
}

/** The answer to an agent's change of an order: what happened, and the order as they see it now. */
export function agentOrderAnswer(
  message: string,
  order: ListedOrder,
  publicUrl: string | undefined,
): AgentOrderAnswer {
  return { success: true, message, order: presentOrder(order, publicUrl) };
}

/** The answer to the seller's change of an order: what happened, and the order as they see it now. */
export function sellerOrderAnswer(
  message: string,
  order: ListedOrder,
  publicUrl: string | undefined,
): SellerOrderAnswer {
  return { success: true, message, order: presentSellerOrder(order, publicUrl) };
}
