import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { shopDayBounds } from '@kirana/shared';
import type { AgentSchema } from '../agent/agent.entity.js';
import type { OrderEventSchema, OrderSchema } from '../order/order.entity.js';
import { readShop } from '../shop/shop.service.js';
import type { CashLineSchema } from './cash-line.entity.js';

/** One agent's day in paise: openingPaise + collected + corrections − handedOver = closing. */
export interface AgentDayFigures {
  agent: { id: string; name: string; phone: string; removed: boolean };
  deliveries: number;
  openingPaise: number;
  cashCollectedPaise: number;
  onlineCollectedPaise: number;
  correctionsPaise: number;
  handedOverPaise: number;
  closingPaise: number;
}

type ReportTables = InferKyselyDB<
  typeof CashLineSchema | typeof AgentSchema | typeof OrderSchema | typeof OrderEventSchema
>;

const amount = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Every agent's figures for the shop's day `date` (in its time zone): deliveries, cash collected, cash-on-delivery orders
 * collected online at the door, corrections, cash handed over, and cash in hand at the start and
 * end of the day (the sums of their ledger lines before each). Lists the agents on the team
 * that day, in the order they joined, and anyone else who held cash or did something that day.
 */
export async function agentDayReport(em: EntityManager, date: string): Promise<AgentDayFigures[]> {
  const { start, end } = shopDayBounds(date, (await readShop(em)).timeZone);
  const db = em.getKysely<ReportTables>();
  const during = sql<boolean>`created_at >= ${start} and created_at < ${end}`;
  const [agents, ledger, deliveries, online] = await Promise.all([
    db
      .selectFrom('agents')
      .select([
        'id',
        'name',
        'phone',
        'removed_at',
        // On the team that day: joined by its end, not removed before it began.
        sql<boolean>`created_at < ${end} and (removed_at is null or removed_at >= ${start})`.as(
          'on_team',
        ),
      ])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('agent_cash_lines')
      .select([
        'agent_id',
        sql<string>`coalesce(sum(amount_paise) filter (where created_at < ${start}), 0)`.as(
          'opening',
        ),
        sql<string>`coalesce(sum(amount_paise) filter (where kind = 'collection' and ${during}), 0)`.as(
          'collected',
        ),
        sql<string>`coalesce(sum(amount_paise) filter (where kind = 'correction' and ${during}), 0)`.as(
          'corrections',
        ),
        sql<string>`coalesce(-sum(amount_paise) filter (where kind = 'handover' and ${during}), 0)`.as(
          'handed',
        ),
      ])
      .where('created_at', '<', end)
      .groupBy('agent_id')
      .execute(),
    db
      .selectFrom('order_events')
      .select(['actor_id', sql<string>`count(*)`.as('count')])
      .where('type', '=', 'status')
      .where('to_status', '=', 'Delivered')
      .where('actor_role', '=', 'agent')
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy('actor_id')
      .execute(),
    // A cash-on-delivery order paid online was paid at the door, to the agent holding it.
    db
      .selectFrom('orders')
      .select(['assigned_to_id', sql<string>`sum(amount_paise)`.as('total')])
      .where('payment_type', '=', 'COD')
      .where('paid_via', '=', 'online')
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end)
      .groupBy('assigned_to_id')
      .execute(),
  ]);
  const byAgent = <T extends Record<string, unknown>>(rows: T[], key: keyof T) =>
    new Map(rows.map((row) => [row[key] as string | null, row]));
  const ledgers = byAgent(ledger, 'agent_id');
  const delivered = byAgent(deliveries, 'actor_id');
  const collectedOnline = byAgent(online, 'assigned_to_id');

  return agents.flatMap((agent) => {
    const lines = ledgers.get(agent.id);
    const figures = {
      openingPaise: amount(lines?.opening),
      cashCollectedPaise: amount(lines?.collected),
      correctionsPaise: amount(lines?.corrections),
      handedOverPaise: amount(lines?.handed),
    };
    const day: AgentDayFigures = {
      agent: {
        id: agent.id,
        name: agent.name,
        phone: agent.phone,
        removed: agent.removed_at !== null,
      },
      deliveries: amount(delivered.get(agent.id)?.count),
      onlineCollectedPaise: amount(collectedOnline.get(agent.id)?.total),
      ...figures,
      closingPaise:
        figures.openingPaise +
        figures.cashCollectedPaise +
        figures.correctionsPaise -
        figures.handedOverPaise,
    };
    // Anyone not on the team shows only while they held cash, or on a day they did something.
    const active =
      agent.on_team || Object.entries(day).some(([key, value]) => key !== 'agent' && value !== 0);
    return active ? [day] : [];
  });
}
