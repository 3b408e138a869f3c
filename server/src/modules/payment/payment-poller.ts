/**
 * The payments poller: asks the provider about unpaid online orders and khata payments (a closed
 * browser or a lost webhook still ends paid), cancels those whose time to pay has passed, and
 * retries refunds the provider has not yet accepted. One instance polls at a time (a PostgreSQL
 * advisory lock).
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { repeatEvery } from '../../lib/repeat.js';
import { OrderSchema } from '../order/order.entity.js';
import { PaymentSchema, RefundSchema, type Payment } from './payment.entity.js';
import { expireUnpaidOrder } from './expiry.js';
import { markOnlinePaid, recordPaymentFailure } from './capture.js';
import { KhataPaymentSchema, type KhataPayment } from './khata-payment.entity.js';
import { settleKhataPayment } from './khata-pay.js';
import { sendRefund } from './refunds.js';
import type { PaymentDeps } from './provider.js';

/** The advisory lock's key: any constant the store uses for nothing else. */
const POLLER_LOCK = 7_405_512;
const POLL_EVERY_MS = 30_000;
/** How long a cancelled checkout is still asked about: a payment made just then is refunded. */
const EXPIRED_WINDOW_MS = 60 * 60_000;
/** How long an agent's collection at the door is worth asking about. */
const COLLECTION_WINDOW_MS = 24 * 60 * 60_000;
const REFUND_RETRY_MS = 60_000;
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
  return withAdvisoryLock(orm, POLLER_LOCK, deps, async () => {
    const round: PollRound = { asked: 0, paid: 0, expired: 0, refundsSent: 0 };
    const now = new Date();
    const since = (ms: number) => new Date(now.getTime() - ms);
    /** Asks about one provider order; answers false when the provider could not tell. */
    const ask = async (payment: Payment): Promise<boolean> => {
      try {
        round.asked += 1;
        if ((await settleFromProvider(orm, deps, payment)) > 0) round.paid += 1;
        return true;
      } catch (error) {
        deps.logger.error({ err: error, payment: payment.providerOrderId }, 'poller: ask failed');
        return false;
      }
    };

    // Unpaid checkouts still within their time, recently expired ones (a payment after expiry
    // is refunded even when no webhook comes), and the agents' collections of the last day.
    const open = await orm.em.fork().find(
      PaymentSchema,
      {
        provider: deps.provider.name,
        status: { $ne: 'paid' },
        $or: [
          {
            purpose: 'checkout',
            order: {
              paymentType: 'Online',
              isPaid: false,
              status: 'Order Placed',
              expiresAt: { $gt: now },
            },
          },
          {
            purpose: 'checkout',
            // Expired, or cancelled by its shopper while the payment window was still open.
            order: {
              status: 'Cancelled',
              cancelledAt: { $gte: since(EXPIRED_WINDOW_MS) },
            },
          },
          {
            purpose: 'collection',
            createdAt: { $gte: since(COLLECTION_WINDOW_MS) },
            order: { isPaid: false, status: { $nin: ['Delivered', 'Cancelled'] } },
          },
          {
            // Cancelled while the customer could still pay at the door: such a payment is refunded.
            purpose: 'collection',
            createdAt: { $gte: since(COLLECTION_WINDOW_MS) },
            order: { status: 'Cancelled', cancelledAt: { $gte: since(EXPIRED_WINDOW_MS) } },
          },
        ],
      },
      { orderBy: { createdAt: 'desc' }, limit: BATCH },
    );
    for (const payment of open) await ask(payment);

    // The khata's payments of the last day (khata-pay.ts): a closed browser still ends posted.
    const khata = await orm.em.fork().find(
      KhataPaymentSchema,
      {
        provider: deps.provider.name,
        status: { $ne: 'paid' },
        createdAt: { $gte: since(COLLECTION_WINDOW_MS) },
      },
      { orderBy: { createdAt: 'desc' }, limit: BATCH },
    );
    for (const payment of khata) {
      try {
        round.asked += 1;
        if (await settleKhataFromProvider(orm, deps, payment)) round.paid += 1;
      } catch (error) {
        deps.logger.error({ err: error, payment: payment.providerOrderId }, 'poller: ask failed');
      }
    }

    // Out of time: asked once more, then cancelled, unless the provider could not be asked.
    const due = await orm.em
      .fork()
      .find(
        OrderSchema,
        { paymentType: 'Online', isPaid: false, status: 'Order Placed', expiresAt: { $lte: now } },
        { fields: ['id'], orderBy: { expiresAt: 'asc' }, limit: BATCH },
      );
    for (const order of due) {
      const payments = await orm.em.fork().find(PaymentSchema, {
        order: order.id,
        provider: deps.provider.name,
        status: { $ne: 'paid' },
      });
      const answered = await Promise.all(payments.map(ask));
      if (answered.includes(false)) continue;
      try {
        if (await expireUnpaidOrder(orm.em.fork(), deps, order.id)) round.expired += 1;
      } catch (error) {
        deps.logger.error({ err: error, orderId: order.id }, 'poller: expiry failed');
      }
    }

    // Refunds the provider has not accepted yet, a minute after the last try.
    const unsent = await orm.em
      .fork()
      .find(
        RefundSchema,
        { status: 'requested', updatedAt: { $lt: since(REFUND_RETRY_MS) } },
        { fields: ['id'], limit: BATCH },
      );
    for (const refund of unsent) {
      try {
        await sendRefund(orm.em.fork(), deps, refund.id);
        round.refundsSent += 1;
      } catch (error) {
        deps.logger.error({ err: error, refundId: refund.id }, 'poller: refund failed');
      }
    }
    return round;
  });
}

/**
 * Applies what the provider says about one provider order's payments: a capture goes through
 * markOnlinePaid (once: the poller's own key), a failure is recorded once. Answers the captures
 * that marked the order paid.
 * @throws ProviderError when the provider cannot be asked.
 */
async function settleFromProvider(
  orm: MikroORM,
  deps: PaymentDeps,
  payment: Payment,
): Promise<number> {
  let paid = 0;
  for (const found of await deps.provider.fetchOrderPayments(payment.providerOrderId)) {
    if (found.status === 'captured') {
      const outcome = await markOnlinePaid(orm.em.fork(), deps, {
        paymentId: payment.id,
        providerPaymentId: found.id,
        amountPaise: found.amount,
        source: 'poller',
        dedupeKey: `poller:${found.id}:captured`,
      });
      if (outcome === 'paid') paid += 1;
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
  return paid;
}

/**
 * Posts what the provider captured for khata payment `payment` (once each: khata-pay.ts).
 * Answers whether anything was posted now.
 * @throws ProviderError when the provider cannot be asked.
 */
async function settleKhataFromProvider(
  orm: MikroORM,
  deps: PaymentDeps,
  payment: KhataPayment,
): Promise<boolean> {
  let posted = false;
  for (const found of await deps.provider.fetchOrderPayments(payment.providerOrderId)) {
    if (found.status !== 'captured') continue;
    if (await settleKhataPayment(orm.em.fork(), deps, payment, found.id, 'poller')) posted = true;
  }
  return posted;
}

/**
 * Runs `work` while holding a session-level advisory lock on a connection of its own (so no
 * transaction stays open across provider calls); answers null without running it when another
 * session holds the lock. The lock goes with the connection if this process dies.
 */
async function withAdvisoryLock<T>(
  orm: MikroORM,
  key: number,
  deps: PaymentDeps,
  work: () => Promise<T>,
): Promise<T | null> {
  const client = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  // A dropped connection must end this round, not the process (pg emits 'error' when idle).
  client.on('error', (error) => deps.logger.warn({ err: error }, 'poller: lock connection lost'));
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
  return repeatEvery(POLL_EVERY_MS, () => pollPayments(orm, deps), deps.logger, 'payments poller');
}
