/** An order's payment history (payment_events): one row per thing that happened, deduplicated. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { PaymentEventSchema } from './payment.entity.js';

export type EventSource = 'checkout' | 'webhook' | 'poller' | 'server';

/**
 * One row of an order's payment history. With a `dedupeKey` the row is written only once;
 * answers false when it already was (the caller then does nothing more).
 */
export async function recordEvent(
  tx: EntityManager,
  event: {
    order: string;
    source: EventSource;
    type: string;
    dedupeKey?: string | undefined;
    providerPaymentId?: string;
    amountPaise?: number;
    note?: string | undefined;
  },
): Promise<boolean> {
  const rows = await tx
    .createQueryBuilder(PaymentEventSchema)
    .insert({
      id: uuidv7(),
      order: event.order,
      source: event.source,
      type: event.type,
      dedupeKey: event.dedupeKey?.slice(0, 100) ?? null,
      providerPaymentId: event.providerPaymentId?.slice(0, 64) ?? null,
      amountPaise: event.amountPaise ?? null,
      note: event.note?.slice(0, 200) ?? null,
      createdAt: new Date(),
    })
    .onConflict('dedupeKey')
    .ignore()
    .returning('id')
    .execute('all');
  return rows.length > 0;
}
