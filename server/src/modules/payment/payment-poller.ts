/**
 * The payments poller: asks the provider about unpaid online orders (a closed browser or a lost
 * webhook still ends paid), cancels those whose time to pay has passed, and retries refunds the
 * provider has not yet accepted. One instance polls at a time (a PostgreSQL advisory lock).
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { OrderSchema } from '../order/order.entity.js';
import { PaymentSchema, RefundSchema } from './payment.entity.js';
import {
  expireUnpaidOrder,
  markOnlinePaid,
  recordPaymentFailure,
  sendRefund,
  type PaymentDeps,
} from './payment.service.js';

/** The advisory lock's key: any constant the store uses for nothing else. */
const POLLER_LOCK = 7_405_512;
const POLL_EVERY_MS = 30_000;
/** How long an agent's collection at the door is worth asking about. */
const COLLECTION_WINDOW_MS = 24 * 60 * 60_000;
const BATCH = 200;

export interface PollRound {
  asked: number;
  paid: number;
  expired: number;
  refundsSent: number;
}

/**
 * One round of the poller. Answers null when another instance holds the lock.
 * A failure with one order is logged and does not stop the round.
 */
export async function pollPayments(orm: MikroORM, deps: PaymentDeps): Promise<PollRound | null> {
  return withAdvisoryLock(orm, POLLER_LOCK, async () => {
    const round: PollRound = { asked: 0, paid: 0, expired: 0, refundsSent: 0 };
    const attempt = async (what: string, run: () => Promise<void>) => {
      try {
        await run();
      } catch (error) {
        deps.logger.error({ err: error }, `payments poller: ${what} failed`);
      }
    };

    const now = new Date();
    const open = await orm.em.fork().find(
      PaymentSchema,
      {
        status: { $ne: 'paid' },
        $or: [
          {
            purpose: 'checkout',
            order: { paymentType: 'Online', isPaid: false, status: 'Order Placed' },
          },
          {
            purpose: 'collection',
            createdAt: { $gte: new Date(now.getTime() - COLLECTION_WINDOW_MS) },
            order: { isPaid: false, status: { $nin: ['Delivered', 'Cancelled'] } },
          },
        ],
      },
      { orderBy: { createdAt: 'asc' }, limit: BATCH },
    );
    for (const payment of open) {
      await attempt(`asking about ${payment.providerOrderId}`, async () => {
        round.asked += 1;
        for (const found of await deps.provider.fetchOrderPayments(payment.providerOrderId)) {
          if (found.status === 'captured') {
            const outcome = await markOnlinePaid(orm.em.fork(), deps, {
              paymentId: payment.id,
              providerPaymentId: found.id,
              amountPaise: found.amount,
              source: 'poller',
            });
            if (outcome === 'paid') round.paid += 1;
          } else if (found.status === 'failed') {
            await recordPaymentFailure(orm.em.fork(), {
              paymentId: payment.id,
              providerPaymentId: found.id,
              reason: found.errorDescription ?? 'payment failed',
              source: 'poller',
              dedupeKey: `poller:${found.id}:failed`,
            });
          }
        }
      });
    }

    // Asked once more just above; what is still unpaid now has run out of time.
    const due = await orm.em
      .fork()
      .find(
        OrderSchema,
        { paymentType: 'Online', isPaid: false, status: 'Order Placed', expiresAt: { $lte: now } },
        { fields: ['id'], limit: BATCH },
      );
    for (const order of due) {
      await attempt(`expiring order ${order.id}`, async () => {
        if (await expireUnpaidOrder(orm.em.fork(), deps, order.id)) round.expired += 1;
      });
    }

    const unsent = await orm.em
      .fork()
      .find(RefundSchema, { status: 'requested' }, { fields: ['id'], limit: BATCH });
    for (const refund of unsent) {
      await attempt(`sending refund ${refund.id}`, async () => {
        await sendRefund(orm.em.fork(), deps, refund.id);
        round.refundsSent += 1;
      });
    }
    return round;
  });
}

/**
 * Runs `work` while holding a session-level advisory lock on a connection of its own (so no
 * transaction stays open across provider calls); answers null without running it when another
 * session holds the lock. The lock goes with the connection if this process dies.
 */
async function withAdvisoryLock<T>(
  orm: MikroORM,
  key: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const client = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [key],
    );
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await client.end();
  }
}

/** Polls every 30 s until stopped; a round never overlaps the next. */
export function startPaymentPoller(orm: MikroORM, deps: PaymentDeps): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => {
      running = pollPayments(orm, deps)
        .catch((error: unknown) => deps.logger.error({ err: error }, 'payments poller failed'))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, POLL_EVERY_MS);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
