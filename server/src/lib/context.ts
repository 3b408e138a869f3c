import type { EntityManager } from '@mikro-orm/postgresql';
import type { DefaultContext, DefaultState } from 'koa';
import type { Logger } from './logger.js';

export type AppState = DefaultState;

/** What every request carries besides Koa's own context: its own EntityManager and logger. */
export interface AppContext extends DefaultContext {
  em: EntityManager;
  log: Logger;
}
