/**
 * Reading orders: the shopper's, the seller's page of them, the agent's, an order's history, and
 * the hot reads of listed orders for the live updates and of changes for the shoppers' push
 * notifications (plain Kysely queries).
 */
import {
  type Invoice,
  type OrderEvent,
  type OrderStatus,
  type SellerOrdersQuery,
  type Unit,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { listedProduct, type ListedProductRow } from '../product/listed-product.js';
import type { ProductSchema } from '../product/product.entity.js';
import { UserSchema } from '../user/user.entity.js';
import { openPoolOrders, releasedOrders } from './order-queries.js';
import {
  orderDocumentSql,
  OrderEventSchema,
  OrderSchema,
  type Order,
  type OrderEvent as HistoryLine,
  type OrderItemSchema,
} from './order.entity.js';
import type { ListedItem, ListedOrder } from './order.presenter.js';
import { timestampReader } from '../../lib/timestamps.js';

/** The shopper's own orders, newest first, with their items' products. */
export async function listUserOrders(em: EntityManager, userId: string): Promise<Order[]> {
  return em.find(
    OrderSchema,
    { user: userId },
    { populate: ['items.product', 'assignedTo'], orderBy: { createdAt: 'desc', id: 'desc' } },
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

/** The tables an order is listed from, as Kysely names them (columns in snake_case). */
type ListedTables = InferKyselyDB<
  typeof OrderSchema | typeof OrderItemSchema | typeof ProductSchema | typeof AgentSchema
>;

/**
 * The orders of `ids` that exist, with their items' products, their agent and their documents
 * (invoice, credit note), in one plain query (no entities: every order placed or changed is read
 * so, for its live updates, and entities cost this thread several times the query's CPU).
 * Present them with presentOrder / presentSellerOrder.
 */
export async function readListedOrders(
  em: EntityManager,
  ids: readonly string[],
): Promise<ListedOrder[]> {
  if (ids.length === 0) return [];
  const rows = await em
    .getKysely<ListedTables>()
    .selectFrom('orders as o')
    // placeOrder refuses an empty order, but one imported without its items is listed too.
    .leftJoin('order_items as i', 'i.order_id', 'o.id')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('agents as a', 'a.id', 'o.assigned_to_id')
    .select([
      'o.id',
      'o.user_id',
      'o.address',
      'o.amount_paise',
      'o.delivery_fee_paise',
      'o.status',
      'o.payment_type',
      'o.is_paid',
      'o.paid_via',
      'o.expires_at',
      'o.cancelled_at',
      'o.cancelled_by',
      'o.cancel_reason',
      'o.refund_status',
      'o.refund_paise',
      'o.delivery_pin',
      'o.pin_locked_at',
      'o.created_at',
      'o.updated_at',
      'o.promised_at',
      'o.assigned_at',
      'o.picked_at',
      'o.delivered_at',
      sql<Invoice | null>`${sql.raw(orderDocumentSql('o.id', false))}`.as('invoice'),
      sql<Invoice | null>`${sql.raw(orderDocumentSql('o.id', true))}`.as('credit_note'),
      'a.id as agent_id',
      'a.name as agent_name',
      'a.phone as agent_phone',
      'i.quantity',
      'i.unit as sold_unit',
      'i.unit_price_paise',
      'i.hsn as sold_hsn',
      'i.gst_rate as sold_gst_rate',
      'i.taxable_paise',
      'i.cgst_paise',
      'i.sgst_paise',
      'p.id as product_id',
      'p.name as product_name',
      'p.category',
      'p.description',
      'p.price_paise',
      'p.offer_price_paise',
      'p.images',
      'p.in_stock as product_in_stock',
      'p.stock_count as product_stock_count',
      'p.past_count as product_past_count',
      'p.weight',
      'p.sku',
      'p.barcode',
      'p.steps',
      'p.scale_code',
      'p.family',
      'p.pack_label',
      'p.draws_from',
      'p.pack_quantity',
      'p.hsn as product_hsn',
      'p.gst_rate as product_gst_rate',
      'p.archived_at',
      'p.created_at as product_created_at',
      'p.updated_at as product_updated_at',
    ])
    .where('o.id', 'in', ids)
    .orderBy('o.id')
    .orderBy('i.position')
    .execute();
  const date = timestampReader(em);
  const orders = new Map<string, ListedOrder & { items: ListedItem[] }>();
  for (const row of rows) {
    let order = orders.get(row.id);
    if (!order) {
      order = {
        id: row.id,
        user: { id: row.user_id },
        items: [],
        address: row.address,
        amountPaise: row.amount_paise,
        deliveryFeePaise: row.delivery_fee_paise,
        status: row.status,
        paymentType: row.payment_type,
        isPaid: row.is_paid,
        paidVia: row.paid_via,
        expiresAt: row.expires_at && date(row.expires_at),
        cancelledAt: row.cancelled_at && date(row.cancelled_at),
        cancelledBy: row.cancelled_by,
        cancelReason: row.cancel_reason,
        refundStatus: row.refund_status,
        refundPaise: row.refund_paise,
        deliveryPin: row.delivery_pin,
        pinLockedAt: row.pin_locked_at && date(row.pin_locked_at),
        createdAt: date(row.created_at),
        updatedAt: date(row.updated_at),
        promisedAt: row.promised_at && date(row.promised_at),
        assignedAt: row.assigned_at && date(row.assigned_at),
        pickedAt: row.picked_at && date(row.picked_at),
        deliveredAt: row.delivered_at && date(row.delivered_at),
        invoice: row.invoice,
        creditNote: row.credit_note,
        assignedTo:
          row.agent_id === null || row.agent_name === null || row.agent_phone === null
            ? null
            : { id: row.agent_id, name: row.agent_name, phone: row.agent_phone },
      };
      orders.set(row.id, order);
    }
    // No item row: an order without items.
    if (row.product_id !== null)
      order.items.push(listedItem(row as typeof row & ListedItemRow, date));
  }
  return [...orders.values()];
}

/** An item's columns as readListedOrders reads them, with its product's. */
interface ListedItemRow extends ListedProductRow {
  quantity: number;
  sold_unit: Unit;
  unit_price_paise: number;
  sold_hsn: string | null;
  sold_gst_rate: number | null;
  taxable_paise: number | null;
  cgst_paise: number | null;
  sgst_paise: number | null;
}

/** `row`'s item as readListedOrders lists it. */
function listedItem(row: ListedItemRow, date: (value: Date | string) => Date): ListedItem {
  return {
    quantity: row.quantity,
    unit: row.sold_unit,
    unitPricePaise: row.unit_price_paise,
    hsn: row.sold_hsn,
    gstRate: row.sold_gst_rate,
    taxablePaise: row.taxable_paise,
    cgstPaise: row.cgst_paise,
    sgstPaise: row.sgst_paise,
    product: listedProduct(row, row.sold_unit, date),
  };
}

/**
 * Every change of one order, oldest first, with the names of the people who made them.
 * @throws AppError NOT_FOUND for an unknown order.
 */
export async function listOrderHistory(em: EntityManager, orderId: string): Promise<OrderEvent[]> {
  if (!(await em.count(OrderSchema, { id: orderId })))
    throw new AppError('NOT_FOUND', 'Order not found');
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

/** A change of an order as its shopper may be told of it: the history line and the order now. */
export interface ChangeForShopper {
  historyId: string;
  type: HistoryLine['type'];
  toStatus: OrderStatus | null;
  /** Who made the change: the shopper, the seller, an agent, the system. */
  actorRole: HistoryLine['actorRole'];
  orderId: string;
  userId: string;
  promisedAt: Date | null;
  cancelReason: string | null;
  /** The agent the order is with now, if any. */
  agentName: string | null;
}

type ChangeTables = InferKyselyDB<
  typeof OrderEventSchema | typeof OrderSchema | typeof AgentSchema
>;

/**
 * The history lines of `historyIds` that exist, each with what its shopper may be told (one plain
 * query, by primary key: every order change may come here).
 */
export async function readChangesForShoppers(
  em: EntityManager,
  historyIds: readonly string[],
): Promise<ChangeForShopper[]> {
  if (historyIds.length === 0) return [];
  const rows = await em
    .getKysely<ChangeTables>()
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .leftJoin('agents as a', 'a.id', 'o.assigned_to_id')
    .select([
      'e.id',
      'e.type',
      'e.to_status',
      'e.actor_role',
      'o.id as order_id',
      'o.user_id',
      'o.promised_at',
      'o.cancel_reason',
      'a.name as agent_name',
    ])
    .where('e.id', 'in', historyIds)
    .execute();
  const date = timestampReader(em);
  return rows.map((row) => ({
    historyId: row.id,
    type: row.type,
    toStatus: row.to_status,
    actorRole: row.actor_role,
    orderId: row.order_id,
    userId: row.user_id,
    promisedAt: row.promised_at && date(row.promised_at),
    cancelReason: row.cancel_reason,
    agentName: row.agent_name,
  }));
}
