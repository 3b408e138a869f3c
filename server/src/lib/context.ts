import type { EntityManager } from '@mikro-orm/postgresql';
import type { DefaultContext, DefaultState } from 'koa';
import type { DomainEvents } from './domain-events.js';
import type { Logger } from './logger.js';

export type AppState = DefaultState;

/**
 * What every request carries besides Koa's own context: its own EntityManager, the bus its
 * services publish domain events on, and its logger.
 */
export interface AppContext extends DefaultContext {
  em: EntityManager;
  events: DomainEvents;
  log: Logger;
}
