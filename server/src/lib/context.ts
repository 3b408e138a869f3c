import type { EntityManager } from '@mikro-orm/postgresql';
import type { DefaultContext, DefaultState } from 'koa';
import type { DomainEvents } from './domain-events.js';
import type { Logger } from './logger.js';

export type AppState = DefaultState;

/**
 * What every request carries besides Koa's own context: its own EntityManager, the bus its
 * services publish domain events on, and its logger. A module adds what it keeps on the app's
 * context by augmenting this interface (the catalogue, the session cache), so lib names none.
 */
export interface AppContext extends DefaultContext {
  em: EntityManager;
  events: DomainEvents;
  log: Logger;
  /** This server's origin as browsers reach it: PUBLIC_URL, else the one this request reached. */
  publicUrl: string;
  /** PUBLIC_ORIGINS: other origins whose pages may call the API with the session cookies. */
  publicOrigins: readonly string[];
  /**
   * A PUBLIC_ORIGINS entry is another site: cookies go SameSite=None; Secure so its calls carry
   * them (set once on `app.context`).
   */
  crossSiteCookies: boolean;
  /** DELIVERY_PIN: new orders get a PIN the agent must enter to deliver them. */
  deliveryPin: boolean;
}
