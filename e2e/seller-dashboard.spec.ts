import { randomUUID } from 'node:crypto';
import { request as newRequest, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/a11y';
import { randomPhone } from './support/agent';
import { expect, test } from './support/fixtures';
import { importProduct, SCALE_URL } from './support/scale-store';
import { logInAsSeller, SELLER } from './support/seller';
import { ADDRESS } from './support/shopper';

// The real shop's store: its orders are this spec's alone.
test.use({ baseURL: SCALE_URL });

interface DashboardFigures {
  orders: number;
  sales: number;
  cancelled: number;
  delivered: number;
  averageDeliveryMinutes: number | null;
  withinPromise: number | null;
  byHour: number[];
  counterBills: number;
  counterSales: number;
  toCollect: number;
  owingCustomers: number;
}

/** A cookie jar of its own on the store. */
const api = () => newRequest.newContext({ baseURL: SCALE_URL });

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Today's dashboard, as the seller's API answers it. */
async function today(seller: APIRequestContext): Promise<DashboardFigures> {
  return (await ok(await seller.get('/api/dashboard'))).dashboard as DashboardFigures;
}

const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

test.describe('the seller’s dashboard', () => {
  test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

  test('a scripted day: three orders, one cancelled and one delivered, drawn in figures, orders by hour and top products', async ({
    page,
  }) => {
    test.slow();
    const seller = await api();
    const shopper = await api();
    const agent = await api();
    try {
      await ok(await seller.post('/api/seller/login', { data: SELLER }));
      const before = await today(seller);

      // The day: a product of its own, ₹110 each; orders of 5, 2 and 1.
      const name = `Dashboard dal ${randomUUID().slice(0, 8)}`;
      const product = await importProduct(name, 100);
      await ok(
        await shopper.post('/api/user/register', {
          data: {
            name: 'Day Shopper',
            email: `day-${randomUUID().slice(0, 8)}@example.com`,
            password: 'fresh-veggies-8',
          },
        }),
      );
      const { address } = (await ok(
        await shopper.post('/api/address/add', { data: { address: ADDRESS } }),
      )) as {
        address: { _id: string };
      };
      const place = async (quantity: number) =>
        (
          (await ok(
            await shopper.post('/api/order/cod', {
              data: { items: [{ product, quantity }], address: address._id },
            }),
          )) as { orderId: string }
        ).orderId;
      const delivered = await place(5);
      await place(2);
      const cancelled = await place(1);
      await ok(
        await seller.post('/api/order/seller/cancel', {
          data: { orderId: cancelled, reason: 'Out of delivery range today' },
        }),
      );

      // An agent brings the first one.
      const { agent: added } = (await ok(
        await seller.post('/api/agents/create', {
          data: { name: 'Day Agent', phone: randomPhone() },
        }),
      )) as { agent: { _id: string; phone: string } };
      const { code } = (await ok(await seller.post(`/api/agents/${added._id}/invite`))) as {
        code: string;
      };
      await ok(await agent.post('/api/agents/pair', { data: { code } }));
      await ok(await agent.post('/api/agents/login', { data: { phone: added.phone } }));
      await ok(await agent.post('/api/agents/accept', { data: { orderId: delivered } }));
      await ok(await agent.put(`/api/agents/status/${delivered}`, { data: { status: 'Picked' } }));
      await ok(await agent.put(`/api/agents/mark-paid/${delivered}`));
      const { orders } = (await ok(await shopper.get('/api/order/user'))) as {
        orders: { _id: string; deliveryPin: string | null }[];
      };
      const pin = orders.find((order) => order._id === delivered)?.deliveryPin;
      await ok(
        await agent.put(`/api/agents/status/${delivered}`, { data: { status: 'Delivered', pin } }),
      );

      // The figures moved by exactly the day: ₹561.00 + ₹224.40 of sales, the cancelled ₹112.20 not.
      const after = await today(seller);
      expect(after.orders - before.orders).toBe(3);
      expect(after.cancelled - before.cancelled).toBe(1);
      expect(after.delivered - before.delivered).toBe(1);
      expect(Math.round((after.sales - before.sales) * 100)).toBe(78_540);
      expect(after.byHour.reduce((sum, count) => sum + count, 0)).toBe(after.orders);

      // The screen draws them.
      await logInAsSeller(page);
      await page
        .getByRole('navigation', { name: 'Seller' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('definition')).toHaveText([
        String(after.orders),
        rupees(after.sales),
        String(after.cancelled),
        String(after.delivered),
        after.averageDeliveryMinutes === null
          ? '—'
          : `${after.averageDeliveryMinutes.toFixed(1)} min`,
        after.withinPromise === null ? '—' : `${Math.round(after.withinPromise * 100)}%`,
        String(after.counterBills),
        rupees(after.counterSales),
        // What the shop's khata customers owe (the khata specs' on this store).
        rupees(after.toCollect),
        after.owingCustomers === 1 ? 'From 1 customer' : `From ${after.owingCustomers} customers`,
      ]);
      const byHour = page.getByRole('table', { name: 'Orders by the hour they were placed' });
      await expect(byHour.locator('tbody td')).toHaveText(after.byHour.map(String));
      await expect(page.getByRole('row', { name: new RegExp(name) }).getByRole('cell')).toHaveText([
        '7',
        rupees(770),
      ]);
      // Two charts, drawn.
      const charts = page.locator('canvas');
      await expect(charts).toHaveCount(2);
      for (const chart of await charts.all())
        expect((await chart.boundingBox())?.height).toBeGreaterThan(50);

      expect(await seriousViolations(page), 'the dashboard').toEqual([]);

      // Yesterday is another day: none of these orders.
      await page.getByRole('button', { name: 'Yesterday' }).click();
      await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
      await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    } finally {
      await Promise.all([seller.dispose(), shopper.dispose(), agent.dispose()]);
    }
  });
});
