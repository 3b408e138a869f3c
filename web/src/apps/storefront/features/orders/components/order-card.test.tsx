import type { ShopAnswer, ShopperOrder } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../../lib/query-client';
import { anItem, anOrder } from '../../../../../test/orders';
import { aProduct } from '../../../../../test/products';
import { SHOP_KEY } from '../../../../../common/shop-settings/cache';
import { OrderCard, paymentText } from './order-card';

// This browser is in New York, before anything reads its zone; the shop is in India.
const browserZone = vi.hoisted(() => {
  const zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
  return zone;
});
afterAll(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

/** The shopper's card of `order`, on a page that knows the shop is in `timeZone`. */
function card(order: ShopperOrder, now: string, timeZone = 'Asia/Kolkata'): string {
  const client = createQueryClient();
  client.setQueryData<ShopAnswer>(SHOP_KEY, {
    success: true,
    shop: { timeZone } as ShopAnswer['shop'],
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <OrderCard order={order} now={Date.parse(now)} onPayNow={() => undefined} />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '');
}

const shopperOrder = (overrides: Partial<ShopperOrder>) =>
  anOrder<ShopperOrder>(0, { deliveryPin: null, agent: null, ...overrides });

describe('the shopper’s order card, in a browser in another time zone than the shop’s', () => {
  // 20:42 UTC on 5 Dec: 2:12 am on 6 Dec in India, 3:42 pm on 5 Dec in New York.
  it('says when it was ordered and when it arrives on the shop’s clock', () => {
    const html = card(
      shopperOrder({ createdAt: '2026-12-05T20:42:00Z', promisedAt: '2026-12-06T02:42:00Z' }),
      '2026-12-05T20:43:00Z',
    );
    expect(html).toContain('6 Dec 2026, 2:12 am</time>');
    expect(html).toContain('Arrives by <time dateTime="2026-12-06T02:42:00Z">8:12 am</time>');
  });

  it('says until when an order awaiting payment can be paid, and when one was cancelled', () => {
    const awaiting = card(
      shopperOrder({
        paymentType: 'Online',
        createdAt: '2026-12-05T20:42:00Z',
        payBy: '2026-12-05T21:12:00Z',
        promisedAt: null,
      }),
      '2026-12-05T20:43:00Z',
    );
    expect(awaiting).toContain('Pay by <time dateTime="2026-12-05T21:12:00Z">2:42 am</time>');
    const cancelled = card(
      shopperOrder({
        status: 'Cancelled',
        cancelledBy: 'user',
        cancelledAt: '2026-12-05T20:50:00Z',
      }),
      '2026-12-05T20:51:00Z',
    );
    expect(cancelled).toContain('6 Dec, 2:20 am</time>');
  });
});

describe('the shopper’s order card’s lines', () => {
  it('shows a loose line’s quantity in grams or kilos with the price per kilo, and its amount by the one rule', () => {
    const dal = aProduct({
      name: 'Toor Dal',
      unit: 'kg',
      steps: [250, 500, 750],
      offerPrice: 140.05,
    });
    const soap = aProduct({ name: 'Soap', offerPrice: 25 });
    const html = card(
      shopperOrder({
        items: [anItem(dal, 750), anItem(soap, 2)],
      }),
      '2025-01-01T10:05:00Z',
    );
    expect(html).toContain('Quantity: 750 g · <span class="unit-price">₹140.05/kg</span>');
    // 750 g at ₹140.05/kg is ₹105.0375: ₹105.04.
    expect(html).toContain('₹105.04');
    expect(html).toContain('Quantity: 2 · <span class="unit-price">₹25.00/pc</span>');
    expect(html).toContain('₹50.00');
  });
});

describe('how the card says an order is paid', () => {
  it('says a khata order is paid later, on the khata, and the others by their way and state', () => {
    expect(
      paymentText({ paymentType: 'Khata' as 'COD', isPaid: false, status: 'Order Placed' }),
    ).toBe('Pay later (khata)');
    expect(paymentText({ paymentType: 'COD', isPaid: false, status: 'Order Placed' })).toBe(
      'COD · Pending',
    );
    expect(paymentText({ paymentType: 'Online', isPaid: true, status: 'Delivered' })).toBe(
      'Online · Paid',
    );
    expect(paymentText({ paymentType: 'COD', isPaid: false, status: 'Cancelled' })).toBe(
      'COD · Not paid',
    );
  });
});

describe('the shopper’s order card’s documents', () => {
  const invoice = {
    number: 'KIR/26-27/12',
    series: 'INV',
    date: '2026-12-06',
    kind: 'tax-invoice' as const,
  };

  it('links a picked order’s invoice, opened in a new tab from the store’s API', () => {
    const order = shopperOrder({
      status: 'Delivered',
      pickedAt: '2026-12-06T05:00:00Z',
      deliveredAt: '2026-12-06T05:20:00Z',
      invoice,
    });
    const html = card(order, '2026-12-06T06:00:00Z');
    expect(html).toContain(
      `<a href="/api/order/${order._id}/invoice" target="_blank" rel="noopener">Invoice KIR/26-27/12</a>`,
    );
    expect(html).not.toContain('Credit note');
  });

  it('names the credit note of an order cancelled after its invoice, beside the invoice', () => {
    const html = card(
      shopperOrder({
        status: 'Cancelled',
        cancelledBy: 'seller',
        cancelledAt: '2026-12-06T05:10:00Z',
        invoice,
        creditNote: {
          number: 'CN/26-27/3',
          series: 'CN',
          date: '2026-12-06',
          kind: 'credit-note',
          refersTo: 'KIR/26-27/12',
        },
      }),
      '2026-12-06T06:00:00Z',
    );
    expect(html).toContain('>Invoice KIR/26-27/12</a>');
    expect(html).toContain('<span>Credit note CN/26-27/3</span>');
  });

  it('shows no document before the order is picked', () => {
    const html = card(shopperOrder({}), '2025-01-01T10:05:00Z');
    expect(html).not.toContain('order-card__documents');
    expect(html).not.toContain('/invoice');
  });
});
