/**
 * The agents' cash: every change of the cash an agent holds is written here, as a new line of
 * their ledger (agent_cash_lines, which refuses UPDATE and DELETE). Cash taken at the door and
 * given back for a cancelled order are written inside the order's own transaction
 * (cash-at-the-door.ts); handovers and corrections are the seller's. Each publishes
 * `cash.changed` once committed, which the realtime module sends to the agent and the seller.
 */
import {
  formatAmount,
  ORDER_CURRENCY,
  orderNumber,
  toPaise,
  toRupees,
  type CorrectionBody,
  type HandoverBody,
} from '@kirana/shared';
import { LockMode, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { AgentSchema, type Agent } from '../agent/agent.entity.js';
import type { Order } from '../order/order.entity.js';
import { CashLineSchema, type CashLine } from './cash-line.entity.js';
import { TillPayoutSchema } from './till-payout.entity.js';
import { timestampReader } from '../../lib/timestamps.js';
import { holdTillCash } from '../../lib/till-lock.js';

/** How many of an agent's latest lines a ledger answer lists. */
const LEDGER_LINES = 100;

/** A line as the ledger lists it: with the agent's cash in hand once it was written. */
export type LedgerLine = Pick<
  CashLine,
  'id' | 'kind' | 'amountPaise' | 'note' | 'by' | 'createdAt'
> & { orderId: string | null; balancePaise: number };

export interface Ledger {
  cashInHandPaise: number;
  lines: LedgerLine[];
}

type CashTables = InferKyselyDB<
  typeof CashLineSchema | typeof AgentSchema | typeof TillPayoutSchema
>;

/** Cash agent `agentId` holds now, in paise: the sum of their lines. */
async function cashInHand(em: EntityManager, agentId: string): Promise<number> {
  const row = await em
    .getKysely<CashTables>()
    .selectFrom('agent_cash_lines')
    .select(sql<string>`coalesce(sum(amount_paise), 0)`.as('total'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Cash in hand of each of `agentIds`, in paise (0 for one with no lines). */
export async function cashInHandByAgent(
  em: EntityManager,
  agentIds: readonly string[],
): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await em
    .getKysely<CashTables>()
    .selectFrom('agent_cash_lines')
    .select(['agent_id', sql<string>`sum(amount_paise)`.as('total')])
    .where('agent_id', 'in', agentIds)
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((row) => [row.agent_id, Number(row.total)]));
}

/** Agent `agentId`'s cash in hand and latest lines, newest first, each with its balance. */
export async function readLedger(em: EntityManager, agentId: string): Promise<Ledger> {
  const rows = await em
    .getKysely<CashTables>()
    .selectFrom('agent_cash_lines')
    .select([
      'id',
      'kind',
      'amount_paise',
      'order_id',
      'note',
      'by',
      'created_at',
      // Over all of the agent's lines, before the limit: each line's running total.
      sql<string>`sum(amount_paise) over (order by created_at, id)`.as('balance'),
    ])
    .where('agent_id', '=', agentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LEDGER_LINES)
    .execute();
  const date = timestampReader(em);
  const lines = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amountPaise: row.amount_paise,
    orderId: row.order_id,
    note: row.note,
    by: row.by,
    createdAt: date(row.created_at),
    balancePaise: Number(row.balance),
  }));
  // The newest line's balance is the cash in hand; none at all is nothing in hand.
  return { cashInHandPaise: lines[0]?.balancePaise ?? 0, lines };
}

/**
 * Agent `agentId` (removed ones too: one may still hold cash to hand over) and their ledger.
 * @throws AppError NOT_FOUND for an unknown agent.
 */
export async function readAgentLedger(
  em: EntityManager,
  agentId: string,
): Promise<{ agent: Agent; ledger: Ledger }> {
  const agent = await em.findOne(AgentSchema, { id: agentId });
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
  return { agent, ledger: await readLedger(em, agentId) };
}

/**
 * Writes the cash agent `agentId` took at the door for `order`, in the caller's transaction
 * (which holds the agent's row, see cash-at-the-door.ts).
 */
export function recordCollection(tx: EntityManager, agentId: string, order: Order): void {
  tx.create(CashLineSchema, {
    agent: agentId,
    kind: 'collection',
    amountPaise: order.amountPaise,
    order,
    by: 'agent',
  });
}

/** The agent who took cash at the door for order `orderId` (read without a lock), or null. */
export async function cashCollectorOf(tx: EntityManager, orderId: string): Promise<string | null> {
  const taken = await tx.findOne(
    CashLineSchema,
    { order: orderId, kind: 'collection' },
    { fields: ['agent'] },
  );
  return taken?.agent.id ?? null;
}

/**
 * Writes, in the caller's transaction, that the cash taken for `order` (now cancelled) goes back
 * to its shopper from the agent who took it: a correction taking it off their cash in hand, or
 * only what they still hold when they have handed some over (the rest comes from the till).
 * Locks that agent's cash first; a caller that locks the order too locks the agent before it
 * (see cashCollectorOf). Answers the agent's id and the paise the till gives back, or null when
 * no cash was recorded for the order (taken before the ledger existed).
 */
export async function recordCashGivenBack(
  tx: EntityManager,
  order: Order,
): Promise<{ agentId: string; fromTillPaise: number } | null> {
  const agentId = await cashCollectorOf(tx, order.id);
  if (!agentId) return null;
  await lockCashOf(tx, agentId);
  const fromAgent = Math.min(order.amountPaise, Math.max(await cashInHand(tx, agentId), 0));
  if (fromAgent > 0) {
    tx.create(CashLineSchema, {
      agent: agentId,
      kind: 'correction',
      amountPaise: -fromAgent,
      order,
      note: `order #${orderNumber(order.id)} cancelled: the cash goes back to the shopper`,
      by: 'system',
    });
  }
  return { agentId, fromTillPaise: order.amountPaise - fromAgent };
}

/** Locks agent `agentId` (current or removed: a removed agent may still hold cash) for a change. */
export async function lockCashOf(tx: EntityManager, agentId: string): Promise<Agent> {
  const agent = await tx.findOne(
    AgentSchema,
    { id: agentId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
  return agent;
}

const inRupees = (paise: number) => formatAmount(toRupees(paise), ORDER_CURRENCY);

/** Paise of a signed rupee amount (the contract allows at most two decimals). */
const signedPaise = (rupees: number) => Math.sign(rupees) * toPaise(Math.abs(rupees));

/**
 * Writes one line the seller made, once the agent's row is locked (so no collection or other
 * line of theirs is written meanwhile), refusing it when it would leave less than nothing in
 * hand; publishes `cash.changed` once committed.
 */
async function recordSellerLine(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  line: { kind: 'handover' | 'correction'; amountPaise: number; note: string | null },
): Promise<{ line: LedgerLine; cashInHandPaise: number }> {
  const written = await em.transactional(async (tx) => {
    // Cash handed over goes into the till's drawer: not while the till is being closed.
    const at = line.kind === 'handover' ? await holdTillCash(tx, 'shared') : undefined;
    const agent = await lockCashOf(tx, agentId);
    const inHand = await cashInHand(tx, agentId);
    if (inHand + line.amountPaise < 0) {
      const limit = line.kind === 'handover' ? 'be more' : 'take off more';
      throw new AppError(
        'CONFLICT',
        `${agent.name} has ${inRupees(inHand)} in hand: a ${line.kind} cannot ${limit} than that`,
      );
    }
    const created = tx.create(CashLineSchema, {
      agent,
      ...line,
      by: 'seller',
      ...(at && { createdAt: at }),
    });
    await tx.flush();
    return { created, balancePaise: inHand + line.amountPaise };
  });
  events.publish({ type: 'cash.changed', agentId });
  const { created, balancePaise } = written;
  return {
    line: {
      id: created.id,
      kind: created.kind,
      amountPaise: created.amountPaise,
      orderId: null,
      note: created.note ?? null,
      by: created.by,
      createdAt: created.createdAt,
      balancePaise,
    },
    cashInHandPaise: balancePaise,
  };
}

/**
 * The seller records cash agent `agentId` brought to the counter: all they hold, or part.
 * @throws AppError NOT_FOUND for an unknown agent; CONFLICT for more than the agent holds.
 */
export function recordHandover(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  { amount, note }: HandoverBody,
) {
  const line = { kind: 'handover', amountPaise: -toPaise(amount), note } as const;
  return recordSellerLine(em, events, agentId, line);
}

/**
 * The seller puts agent `agentId`'s cash in hand right by `amount` rupees (negative takes off),
 * saying why; nothing earlier changes.
 * @throws AppError NOT_FOUND for an unknown agent; CONFLICT when it would leave less than nothing.
 */
export function recordCorrection(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  { amount, note }: CorrectionBody,
) {
  const line = { kind: 'correction', amountPaise: signedPaise(amount), note } as const;
  return recordSellerLine(em, events, agentId, line);
}

/**
 * Writes, in the caller's transaction, that the till pays `amountPaise` out of its drawer for
 * cancelled `order` (the cash its agent had handed over goes back to the shopper): the day of the
 * till open at that moment expects that much less. The moment is the till's clock under its lock,
 * as a handover's is, so that a close sums it in its day or leaves it to the next.
 */
export async function recordTillPayout(
  tx: EntityManager,
  order: Order,
  amountPaise: number,
): Promise<void> {
  const at = await holdTillCash(tx, 'shared');
  tx.create(TillPayoutSchema, {
    amountPaise,
    order,
    note: `order #${orderNumber(order.id)} cancelled: its cash given back from the till`,
    createdAt: at,
  });
}

/**
 * The cash that went through the till's drawer from `from` until `until` (without `until`, all
 * since), in paise: what agents handed over into it, and what was paid out of it.
 */
export async function tillCashPaise(
  em: EntityManager,
  from: Date,
  until?: Date,
): Promise<{ handovers: number; payouts: number }> {
  const db = em.getKysely<CashTables>();
  let handovers = db
    .selectFrom('agent_cash_lines')
    .select(sql<string>`coalesce(-sum(amount_paise), 0)`.as('paise'))
    .where('kind', '=', 'handover')
    .where('created_at', '>=', from);
  let payouts = db
    .selectFrom('till_payouts')
    .select(sql<string>`coalesce(sum(amount_paise), 0)`.as('paise'))
    .where('created_at', '>=', from);
  if (until) {
    handovers = handovers.where('created_at', '<', until);
    payouts = payouts.where('created_at', '<', until);
  }
  // One after the other: a close reads them in its transaction, on one connection.
  const handed = await handovers.executeTakeFirstOrThrow();
  const paid = await payouts.executeTakeFirstOrThrow();
  return { handovers: Number(handed.paise), payouts: Number(paid.paise) };
}
