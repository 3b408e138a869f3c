import type { SessionKind } from './session-kinds.js';
import type { Logger } from './logger.js';

/** How an order changed after it was placed (all through order/order-transitions.ts). */
export type OrderChange =
  | 'accepted'
  | 'assigned'
  | 'status'
  | 'paid'
  | 'released'
  | 'cancelled'
  | 'unaccepted'
  | 'pin'
  | 'expired'
  | 'refunded';

/**
 * An order as the transaction that placed or changed it left it, as readListedOrders reads it
 * (a change reads it last in its transaction; a placement makes it of what it wrote): the order
 * events carry it, so the live updates go out without reading it again. The order
 * module says what it holds (declaration merging, as AppContext is augmented).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the order module
export interface CommittedOrder {}

/**
 * What happened, published by a service once its transaction has committed. Events name what
 * changed; only the order events carry its new content (their `order`), others' listeners read
 * the committed state themselves.
 */
export type DomainEvent =
  | { type: 'order.placed'; orderId: string; order: CommittedOrder }
  /** `historyId`: the order's history line written with the change (none for a refund's progress). */
  | {
      type: 'order.changed';
      orderId: string;
      change: OrderChange;
      historyId: string | null;
      order: CommittedOrder;
    }
  /**
   * A round of the unaccepted alert offered orders nobody took to the agents again, each also
   * announced as its own 'unaccepted' change: the agents' phones are told how many wait, once.
   */
  | { type: 'orders.reoffered' }
  | { type: 'product.changed'; productId: string }
  /** Many products changed at once, e.g. an import: read the catalogue anew. */
  | { type: 'catalogue.changed' }
  /** The seller added or changed a category (category.service.ts). */
  | { type: 'category.changed' }
  /** A refund was written down; the payments processor asks the provider for it. */
  | { type: 'refund.requested'; refundId: string }
  /** An agent joined, left, went on or off duty, or became busy or free. */
  | { type: 'agents.changed' }
  /** A line was added to agent `agentId`'s cash ledger (cash.service.ts). */
  | { type: 'cash.changed'; agentId: string }
  /** One session ended (logout, or replaced by a new login in the same browser). */
  | { type: 'session.ended'; kind: SessionKind; tokenHash: string }
  /** Every session of one account was revoked, e.g. a removed agent's. */
  | { type: 'sessions.revoked'; kind: SessionKind; subjectId: string }
  /** The seller changed the shop's settings (shop.service.ts): every storefront hears them. */
  | { type: 'shop.changed' }
  /** The till sold, took something back, opened or closed (modules/counter). */
  | { type: 'till.changed' }
  /** An entry was added to khata customer `customerId`'s ledger, or the customer changed. */
  | { type: 'khata.changed'; customerId: string }
  /** A backup failed (backup/backups.ts): the counter is alerted. */
  | { type: 'backup.failed'; at: string; message: string };

export type DomainEventListener = (event: DomainEvent) => Promise<void> | void;

/**
 * The in-process bus from services to listeners (the realtime processor). Listeners run after
 * the publisher's call returns; a failing listener is logged and never reaches the request
 * that published the event.
 */
export class DomainEvents {
  private readonly listeners = new Set<DomainEventListener>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Call only after the change has committed: listeners may read it at once. */
  publish(event: DomainEvent): void {
    for (const listener of this.listeners) {
      const run = Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) => {
          this.logger.error({ err: error, event }, 'a domain event listener failed');
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every listener run started so far has finished, e.g. before shutdown. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
