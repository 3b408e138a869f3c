import type { MikroORM } from '@mikro-orm/postgresql';
import type { DomainEventListener } from '../../lib/domain-events.js';
import { sendRefund } from './refunds.js';
import type { PaymentDeps } from './provider.js';

/** Asks the provider for each refund once its transaction has committed (never inside it). */
export function paymentsProcessor(orm: MikroORM, deps: PaymentDeps): DomainEventListener {
  return async (event) => {
    if (event.type === 'refund.requested') await sendRefund(orm.em.fork(), deps, event.refundId);
  };
}
