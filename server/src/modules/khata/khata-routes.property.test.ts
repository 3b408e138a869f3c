import {
  counterReturnAnswerSchema,
  counterSaleAnswerSchema,
  khataCustomerAnswerSchema,
  khataEntryAnswerSchema,
} from '@kirana/shared';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signInAgent, signUpShopper } from '../../test/factories.js';
import { createKhataCustomer, khataOf } from '../../test/khata-factory.js';
import { useTill } from '../../test/till.js';
import { OrderSchema } from '../order/order.entity.js';

/** What a customer's khata goes through, each step by the route a person would use. */
type Step =
  | { kind: 'sale'; units: number; paidNow: number }
  | { kind: 'return'; of: number; units: number }
  | { kind: 'payment'; rupees: number; method: 'cash' | 'upi' }
  | { kind: 'adjustment'; rupees: number }
  | { kind: 'order'; units: number; delivered: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    units: fc.integer({ min: 1, max: 6 }),
    // Rupees paid now of the bill (a split); none most of the time.
    paidNow: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
  }),
  fc.record({
    kind: fc.constant('return' as const),
    of: fc.nat(),
    units: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('payment' as const),
    rupees: fc.integer({ min: 1, max: 400 }),
    method: fc.constantFrom('cash' as const, 'upi' as const),
  }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    rupees: fc.integer({ min: -300, max: 300 }).filter((rupees) => rupees !== 0),
  }),
  fc.record({
    kind: fc.constant('order' as const),
    units: fc.integer({ min: 1, max: 3 }),
    delivered: fc.boolean(),
  }),
);

describe('a khata through its routes', () => {
  // Its own database: the till's day is shop-wide.
  const app = useTestAppOfItsOwn();
  const { seller, openDay, sell } = useTill(app);

  test('whatever sales, splits, returns, payments, adjustments, delivered and cancelled orders come, in any order, the balance is the sum of the entries and what the answers said; credit past the limit is refused and changes nothing', async () => {
    await openDay();
    const agent = await signInAgent(app, 'Ravi');
    // ₹100 a piece (₹102 with the 2 % tax), counted past what any run sells.
    const product = await createProduct(app.orm.em.fork(), {
      pricePaise: 10_000,
      offerPricePaise: 10_000,
      stockCount: 100_000,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const shopper = await signUpShopper(app);
        const address = (
          await shopper.http.post('/api/address/add').send({ address: sampleAddress }).expect(201)
        ).body.address._id as string;
        const limitPaise = 150_000;
        const customer = await createKhataCustomer(app.orm.em.fork(), {
          limitPaise,
          shopper: shopper.id,
        });
        let owedPaise = 0;
        const khataSales: Array<{ id: string; units: number }> = [];
        for (const each of steps) {
          if (each.kind === 'sale') {
            const billPaise = each.units * 10_200;
            const paidPaise = Math.min(each.paidNow * 100, billPaise - 1);
            const answer = await sell({
              items: [{ product: product.id, quantity: each.units }],
              payment: 'khata',
              customer,
              ...(paidPaise > 0 && { paid: { cash: paidPaise / 100 } }),
            });
            if (owedPaise + billPaise - paidPaise > limitPaise) {
              expect(answer.status).toBe(409);
              expect(answer.body.code).toBe('CREDIT_LIMIT');
              continue;
            }
            expect(answer.status).toBe(201);
            const { sale } = counterSaleAnswerSchema.parse(answer.body);
            expect(sale.onKhata * 100).toBe(billPaise - paidPaise);
            owedPaise += billPaise - paidPaise;
            expect(sale.customer?.balance).toBe(owedPaise / 100);
            khataSales.push({ id: sale._id, units: each.units });
          } else if (each.kind === 'return') {
            const sale = khataSales[each.of % Math.max(1, khataSales.length)];
            if (!sale || sale.units === 0) continue;
            const units = Math.min(each.units, sale.units);
            const answer = await seller
              .post(`/api/counter/sales/${sale.id}/return`)
              .send({ lines: [{ product: product.id, quantity: units }] })
              .expect(200);
            const returned = counterReturnAnswerSchema.parse(answer.body).return;
            expect(returned.payment).toBe('khata');
            sale.units -= units;
            owedPaise -= units * 10_200;
          } else if (each.kind === 'payment' || each.kind === 'adjustment') {
            const answer = await seller
              .post(`/api/khata/customers/${customer}/${each.kind}s`)
              .send(
                each.kind === 'payment'
                  ? { amount: each.rupees, method: each.method }
                  : { amount: each.rupees, reason: 'counted again' },
              )
              .expect(201);
            owedPaise += (each.kind === 'payment' ? -each.rupees : each.rupees) * 100;
            expect(khataEntryAnswerSchema.parse(answer.body).entry.balance).toBe(owedPaise / 100);
          } else {
            const placed = await shopper.http
              .post('/api/order/khata')
              .send({ items: [{ product: product.id, quantity: each.units }], address });
            const order = placed.status === 201 ? await stored(placed.body.orderId) : null;
            // Orders on their way are delivered or cancelled within the step: none is pending.
            if (!order) {
              expect(placed.status).toBe(409);
              expect(placed.body.code).toBe('CREDIT_LIMIT');
              continue;
            }
            expect(owedPaise + order.amountPaise).toBeLessThanOrEqual(limitPaise);
            if (!each.delivered) {
              await shopper.http.post('/api/order/cancel').send({ orderId: order.id }).expect(200);
              continue;
            }
            await agent.http.post('/api/agents/accept').send({ orderId: order.id }).expect(200);
            await agent.http
              .put(`/api/agents/status/${order.id}`)
              .send({ status: 'Picked' })
              .expect(200);
            await agent.http
              .put(`/api/agents/status/${order.id}`)
              .send({ status: 'Delivered', pin: order.deliveryPin ?? undefined })
              .expect(200);
            owedPaise += order.amountPaise;
          }
        }
        const { customer: read } = khataCustomerAnswerSchema.parse(
          (await seller.get(`/api/khata/customers/${customer}`).expect(200)).body,
        );
        expect(read.balance).toBe(owedPaise / 100);
        const { balancePaise, sumPaise } = await khataOf(app.orm.em, customer);
        expect([balancePaise, sumPaise]).toEqual([owedPaise, owedPaise]);
        expect(read.oldestUnpaidAt === null).toBe(owedPaise <= 0);
      }),
      { numRuns: 12 },
    );
  });

  const stored = (id: string) => app.orm.em.fork().findOneOrFail(OrderSchema, { id });
});
