import { cartTotals, dayIn, toRupees } from '@kirana/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createAgent, createProduct } from '../../test/factories.js';
import { AppError } from '../../lib/errors.js';
import { recordCorrection, recordHandover } from '../cash/cash.service.js';
import type { SaleRecord } from './counter-reads.js';
import { returnToCounter } from './counter-returns.service.js';
import { sellAtCounter } from './counter-sale.service.js';
import { closeTill, openTill, tillDaysOn } from './till-day.service.js';

/** One thing that happens at the till, in paise where it is money. */
type Step =
  | { kind: 'sale'; payment: 'cash' | 'upi'; product: number; quantity: number; extra: number }
  | { kind: 'return'; sale: number; quantity: number }
  | { kind: 'handover'; paise: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    payment: fc.constantFrom('cash' as const, 'upi' as const),
    product: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 4 }),
    // Cash tendered above the bill, for change.
    extra: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant('return' as const),
    sale: fc.nat(20),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('handover' as const),
    paise: fc.integer({ min: 1, max: 900_000 }),
  }),
);

describe('the day of the till, over random days', () => {
  // Its own database: one day of the till is open at a time, shop-wide.
  const prices = [4_999, 1_050, 33_333];
  let products: string[];
  let agentId: string;
  const app = useTestAppOfItsOwn();
  beforeAll(async () => {
    products = await Promise.all(
      prices.map(
        async (price) =>
          (await createProduct(app.orm.em.fork(), { pricePaise: price, offerPricePaise: price }))
            .id,
      ),
    );
    agentId = (await createAgent(app.orm.em.fork(), 'Till Runner')).id;
  });

  test('expected cash is the float, plus cash sales, less cash given back, plus the agents’ handovers, to the paisa, and the difference is what was counted beyond it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: -5_000, max: 5_000 }),
        async (floatPaise, steps, miscount) => {
          const em = () => app.orm.em.fork();
          await openTill(em(), app.events, toRupees(floatPaise));
          const sales: SaleRecord[] = [];
          const ledger = { cashSales: 0, upiSales: 0, cashReturns: 0, upiReturns: 0, handovers: 0 };
          for (const each of steps) {
            if (each.kind === 'sale') {
              const line = { product: products[each.product]!, quantity: each.quantity };
              const total = cartTotals([
                { unitPrice: prices[each.product]!, quantity: each.quantity },
              ]).total;
              const sale = await sellAtCounter(em(), app.events, {
                items: [line],
                payment: each.payment,
                ...(each.payment === 'cash' && { tendered: toRupees(total + each.extra) }),
              });
              expect(sale.amountPaise).toBe(total);
              if (each.payment === 'cash') {
                expect(sale.changePaise).toBe(each.extra);
                ledger.cashSales += total;
              } else ledger.upiSales += total;
              sales.push(sale);
            } else if (each.kind === 'return') {
              const sale = sales[each.sale % Math.max(sales.length, 1)];
              const line = sale?.lines[0];
              if (!sale || !line) continue;
              const left = line.quantity - line.returned;
              if (left === 0) continue;
              const quantity = Math.min(each.quantity, left);
              const { record, sale: after } = await returnToCounter(em(), app.events, sale.id, {
                lines: [{ product: line.product, quantity }],
              });
              sales[sales.indexOf(sale)] = after;
              if (record.payment === 'cash') ledger.cashReturns += record.amountPaise;
              else ledger.upiReturns += record.amountPaise;
            } else {
              // The agent brings cash they collected: give them that much first.
              const amount = toRupees(each.paise);
              await recordCorrection(em(), app.events, agentId, { amount, note: 'collected' });
              await recordHandover(em(), app.events, agentId, { amount, note: null });
              ledger.handovers += each.paise;
            }
          }
          // A sale fully returned gives back exactly what it took.
          for (const sale of sales)
            if (sale.lines.every((line) => line.returned === line.quantity))
              expect(sale.refundedPaise).toBe(sale.amountPaise);

          const expected = floatPaise + ledger.cashSales - ledger.cashReturns + ledger.handovers;
          const counted = Math.max(0, expected + miscount);
          const day = await closeTill(em(), app.events, toRupees(counted), undefined);
          expect(day).toMatchObject({
            openingFloatPaise: floatPaise,
            sales: sales.length,
            cashSalesPaise: ledger.cashSales,
            upiSalesPaise: ledger.upiSales,
            cashReturnsPaise: ledger.cashReturns,
            upiReturnsPaise: ledger.upiReturns,
            handoversPaise: ledger.handovers,
            expectedPaise: expected,
            countedPaise: counted,
          });
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);

  test('closing and opening the day at once never makes days overlap: each handover is in one day at most', async () => {
    const em = () => app.orm.em.fork();
    // What racing close and open calls refuse: no day open, or one open already.
    const refused = (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    };
    const first = await openTill(em(), app.events, 0);
    let handedPaise = 0;
    // Tills on several screens, each closing the day and opening the next again and again.
    const turns = Array.from({ length: 4 }, async () => {
      for (let turn = 0; turn < 5; turn += 1) {
        await closeTill(em(), app.events, 0, undefined).catch(refused);
        await openTill(em(), app.events, 0).catch(refused);
      }
    });
    const handovers = Array.from({ length: 12 }, async (_, index) => {
      const amount = index + 1;
      await recordCorrection(em(), app.events, agentId, { amount, note: 'collected' });
      await recordHandover(em(), app.events, agentId, { amount, note: null });
      handedPaise += amount * 100;
    });
    await Promise.all([...turns, ...handovers]);
    await closeTill(em(), app.events, 0, undefined).catch(refused);

    // The days opened since the first, on its date and the next one's if the shop's midnight
    // passed meanwhile (CI meets this test at any hour).
    const dates = new Set([first.date, dayIn(new Date(), 'Asia/Kolkata')]);
    const days = (await Promise.all([...dates].map((date) => tillDaysOn(em(), date))))
      .flat()
      .filter((day) => day.openedAt >= first.openedAt);
    expect(days.length).toBeGreaterThan(1);
    days.slice(1).forEach((later, index) => {
      const earlier = days[index]!;
      expect(later.openedAt.getTime()).toBeGreaterThanOrEqual(earlier.closedAt!.getTime());
    });
    // Handed over while a day was open, or between two: counted once or not at all.
    const inDays = days.reduce((sum, day) => sum + day.handoversPaise, 0);
    expect(inDays).toBeLessThanOrEqual(handedPaise);
  }, 60_000);
});
