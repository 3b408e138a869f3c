import type { Order } from './contract/order.js';
import type { Product } from './contract/product.js';

/**
 * Events the server emits, after the change has committed. Each order event carries the order
 * as that room's HTTP endpoint answers it (see `sellerOrderSchema`, `agentOrderSchema`).
 */
export interface ServerToClientEvents {
  'order:created': (order: Order) => void;
  'order:updated': (order: Order) => void;
  'product:updated': (product: Product) => void;
  'agents:updated': () => void;
}

/** Clients only listen; every change goes through the HTTP API. */
export type ClientToServerEvents = Record<string, never>;

/** Socket.IO rooms; the server joins each authenticated socket to the rooms of its session. */
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
