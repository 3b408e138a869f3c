import { dayIn, toRupees } from '@kirana/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AppError } from '../../lib/errors.js';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createAgent, createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';
import { markOrderPaidInCash } from './cash-at-the-door.js';
import { OrderItemSchema, OrderSchema } from '../order/order.entity.js';
import { agentDayReport } from './cash-report.js';
import { presentCashReport } from './cash.presenter.js';
import { readLedger, recordCorrection, recordHandover } from './cash.service.js';

const AGENTS = 3;

/** One thing that happens to an agent's cash, in paise. */
type Step =
  | { kind: 'collect'; agent: number; paise: number }
  | { kind: 'handover'; agent: number; paise: number }
  | { kind: 'correct'; agent: number; paise: number };

const agentIndex = fc.integer({ min: 0, max: AGENTS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('collect' as const),
    agent: agentIndex,
    paise: fc.integer({ min: 1, max: 500_000 }),
  }),
  fc.record({
    kind: fc.constant('handover' as const),
    agent: agentIndex,
    paise: fc.integer({ min: 1, max: 800_000 }),
  }),
  fc.record({
    kind: fc.constant('correct' as const),
    agent: agentIndex,
    paise: fc.integer({ min: -300_000, max: 300_000 }).filter((paise) => paise !== 0),
  }),
);

/** Whether `rupees` is a whole number of paise (no fraction of a paisa anywhere). */
const wholePaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** The shop's today, in its time zone (the spec's shop: Asia/Kolkata). */
const today = () => dayIn(new Date(), 'Asia/Kolkata');

describe('the cash ledger, over random days', () => {
  // A database of its own: the day's report covers every agent there is.
  let shopperId: string;
  let productId: string;
  const app = useTestAppOfItsOwn();
  beforeAll(async () => {
    shopperId = (await signUpShopper(app)).id;
    productId = (await createProduct(app.orm.em.fork())).id;
  });

  /** A cash-on-delivery order of `paise` that agent `agentId` holds, picked up and unpaid. */
  async function heldOrder(agentId: string, paise: number): Promise<string> {
    const em = app.orm.em.fork();
    const order = em.create(OrderSchema, {
      user: shopperId,
      address: { addressId: shopperId, ...sampleAddress },
      subtotalPaise: paise,
      taxPaise: 0,
      amountPaise: paise,
      paymentType: 'COD',
      status: 'Picked',
      assignedTo: agentId,
    });
    // Every order has an item, as placeOrder makes it (its live update lists them).
    em.create(OrderItemSchema, {
      order,
      position: 0,
      product: productId,
      quantity: 1,
      unitPricePaise: paise,
    });
    await em.flush();
    return order.id;
  }

  test('cash in hand is collections plus corrections minus handovers for every agent, and the day’s report adds up to the ledger, to the paisa', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const agents = await Promise.all(
          Array.from({ length: AGENTS }, (_, index) => createAgent(app.orm.em.fork(), `P${index}`)),
        );
        // The shop's midnight may pass during a run (CI meets this test at any hour): the
        // report of each day the run touched, chained, must add up to the same sums.
        const firstDay = today();
        const held = agents.map(() => 0);
        const sums = agents.map(() => ({ collected: 0, corrections: 0, handed: 0 }));
        for (const { kind, agent: index, paise } of steps) {
          const agentId = agents[index]!.id;
          const em = app.orm.em.fork();
          if (kind === 'collect') {
            await markOrderPaidInCash(em, app.events, agentId, await heldOrder(agentId, paise));
            held[index]! += paise;
            sums[index]!.collected += paise;
            continue;
          }
          const change = kind === 'handover' ? -paise : paise;
          const write =
            kind === 'handover'
              ? recordHandover(em, app.events, agentId, { amount: toRupees(paise), note: null })
              : recordCorrection(em, app.events, agentId, { amount: toRupees(paise), note: 'fix' });
          if (held[index]! + change < 0) {
            // Refused: more than the agent holds. Nothing is written.
            await expect(write).rejects.toMatchObject({ status: 409 } satisfies Partial<AppError>);
            continue;
          }
          const { cashInHandPaise } = await write;
          held[index]! += change;
          expect(cashInHandPaise).toBe(held[index]);
          if (kind === 'handover') sums[index]!.handed += paise;
          else sums[index]!.corrections += paise;
        }

        const lastDay = today();
        const days = firstDay === lastDay ? [firstDay] : [firstDay, lastDay];
        const reports = await Promise.all(
          days.map((day) => agentDayReport(app.orm.em.fork(), day)),
        );
        for (const [index, agent] of agents.entries()) {
          const ledger = await readLedger(app.orm.em.fork(), agent.id);
          expect(ledger.cashInHandPaise).toBe(held[index]);
          // Each line's balance is the one before it plus its amount.
          const oldestFirst = [...ledger.lines].reverse();
          oldestFirst.reduce((before, line) => {
            expect(line.balancePaise).toBe(before + line.amountPaise);
            return line.balancePaise;
          }, 0);
          const agentDays = reports.map((report) =>
            report.find((day) => day.agent.id === agent.id)!,
          );
          // A day opens with what the one before it closed on; the first, with nothing.
          agentDays.reduce((opening, day) => {
            expect(day.openingPaise).toBe(opening);
            expect(day.closingPaise).toBe(
              day.openingPaise +
                day.cashCollectedPaise +
                day.correctionsPaise -
                day.handedOverPaise,
            );
            return day.closingPaise;
          }, 0);
          const summed = (pick: (day: (typeof agentDays)[number]) => number) =>
            agentDays.reduce((sum, day) => sum + pick(day), 0);
          const { collected, corrections, handed } = sums[index]!;
          expect(summed((day) => day.cashCollectedPaise)).toBe(collected);
          expect(summed((day) => day.correctionsPaise)).toBe(corrections);
          expect(summed((day) => day.handedOverPaise)).toBe(handed);
          expect(agentDays.at(-1)!.closingPaise).toBe(held[index]);
        }

        const report = reports.at(-1)!;

        // As the API answers it: rupees, every one a whole number of paise, the totals the sums.
        const answer = presentCashReport(lastDay, report);
        for (const day of [...answer.agents, answer.totals]) {
          const { openingInHand, cashCollected, corrections, handedOver, closingInHand } = day;
          for (const rupees of [openingInHand, cashCollected, corrections, handedOver])
            expect(wholePaise(rupees)).toBe(true);
          expect(Math.round(closingInHand * 100)).toBe(
            Math.round((openingInHand + cashCollected + corrections - handedOver) * 100),
          );
        }
        const total = report.reduce((sum, day) => sum + day.closingPaise, 0);
        expect(Math.round(answer.totals.closingInHand * 100)).toBe(total);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
