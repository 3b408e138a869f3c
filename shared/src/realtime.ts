import type { AgentOrder, Order, SellerOrder, ShopperOrder } from './contract/order.js';
import type { BackupFailure } from './contract/backup.js';
import type { KhataCustomer } from './contract/khata.js';
import type { AgentCash } from './contract/cash.js';
import type { Product } from './contract/product.js';
import type { Shop } from './contract/shop.js';

/**
 * The live stream, one Socket.IO namespace per area over one connection at path `/socket.io`.
 * Each namespace authenticates with its own session cookie, so a browser signed in as shopper
 * and seller at once gets each order in the form its screen reads. `/seller` and `/agents`
 * refuse a socket without a live session; `/shop` lets anyone connect, for stock changes.
 */
export const NAMESPACES = { shop: '/shop', seller: '/seller', agents: '/agents' } as const;
export type Area = keyof typeof NAMESPACES;

export const SOCKET_PATH = '/socket.io';

/**
 * What `order:removed` says: this order has left the room's list, because an agent took it
 * (another one, or the seller assigned it) or because it was cancelled.
 */
export interface OrderRemoval {
  _id: string;
  reason: 'taken' | 'cancelled';
}

/**
 * Events the server emits, after the change has committed. An order travels as that room's HTTP
 * endpoint answers it, `updatedAt` included, so clients merge by `_id` and `updatedAt`.
 */
export interface ServerToClientEvents<TOrder extends Order = Order> {
  'order:created': (order: TOrder) => void;
  'order:updated': (order: TOrder) => void;
  /** Agents only: an order left the agent's lists (see OrderRemoval). Carries no order details. */
  'order:removed': (removal: OrderRemoval) => void;
  /** Agents only: the seller handed this order to the agent (it arrives as theirs). */
  'order:assigned': (order: TOrder) => void;
  /**
   * Seller and agents: an open order no agent accepted in `UNACCEPTED_ALERT_MINUTES`, offered
   * again. The counter raises an alert; agents' phones announce it as new.
   */
  'order:unaccepted': (order: TOrder) => void;
  'product:updated': (product: Product) => void;
  /** Many products changed at once (an import): fetch what the screen shows again. */
  'catalogue:updated': () => void;
  /** The seller added or changed a category: fetch `GET /api/category/list` again. */
  'categories:updated': () => void;
  /**
   * Seller only: the delivery team changed (an agent joined or left, went on or off duty, became
   * busy or free, or their cash in hand moved); fetch the list again.
   */
  'agents:updated': () => void;
  /** The agent only: their cash in hand and latest ledger lines, as `GET /api/agents/cash`. */
  'cash:updated': (cash: AgentCash) => void;
  /**
   * Everyone: the seller changed the shop's settings, or paused or reopened it (as
   * `GET /api/shop` answers, at the time it was sent).
   */
  'shop:updated': (shop: Shop) => void;
  /** Seller only: a backup failed, when and why (as `GET /api/backups` says it): alert the counter. */
  'backup:failed': (failure: BackupFailure) => void;
  /**
   * Seller only: the till sold, took something back, opened or closed, or an agent handed cash
   * over (the day's expected cash moved): fetch the till's day again.
   */
  'till:updated': () => void;
  /**
   * Seller only: an entry was written to this customer's khata (a sale on it, a payment, a
   * return, an adjustment) or the customer changed: the customer as it now stands.
   */
  'khata:updated': (customer: KhataCustomer) => void;
}

/** `/shop`: the shopper's own orders (as `GET /api/order/user`) and every product change. */
export type ShopEvents = ServerToClientEvents<ShopperOrder>;
/** `/seller`: every released order (as `GET /api/order/seller`), products, the team. */
export type SellerEvents = ServerToClientEvents<SellerOrder>;
/** `/agents`: the open pool and the agent's own orders (as `GET /api/agents/orders/visible`). */
export type AgentEvents = ServerToClientEvents<AgentOrder>;

/** Clients only listen; every change goes through the HTTP API. */
export type ClientToServerEvents = Record<string, never>;

/** Socket.IO rooms inside the namespaces; the server joins each socket to its session's rooms. */
export const ROOMS = {
  seller: 'seller',
  /** Every agent: hears only about orders in the open, unassigned pool. */
  agents: 'agents',
  agent: (id: string) => `agent:${id}`,
  user: (id: string) => `user:${id}`,
} as const;

/**
 * `list` with `incoming` merged by `_id`: inserted at the front when absent, replacing the held
 * item only when strictly newer, so a late or repeated event never rolls a screen back.
 * Returns `list` itself when nothing changes.
 */
export function mergeById<T extends { _id: string; updatedAt: string }>(
  list: T[],
  incoming: T,
): T[] {
  const held = list.find((item) => item._id === incoming._id);
  if (!held) return [incoming, ...list];
  if (Date.parse(incoming.updatedAt) <= Date.parse(held.updatedAt)) return list;
  return list.map((item) => (item === held ? incoming : item));
}
