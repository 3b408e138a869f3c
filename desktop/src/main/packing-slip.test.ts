import { describe, expect, test, vi } from 'vitest';
import { item, product, sellerOrder } from '../test/fixtures.js';
import { packingSlipHtml, printPackingSlip } from './packing-slip.js';
import type { PrintWindow } from './print.js';

const IST = { timeZone: 'Asia/Kolkata' };

/** The page's text, tags removed and whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('packing slip HTML', () => {
  test('escapes a <script> in a product name and every other order text', () => {
    const order = sellerOrder({
      items: [item(product({ name: '<script>alert("x")</script> Chips & Dip' }), 1)],
    });
    order.address.street = `<img src=x onerror="steal()">`;
    order.address.firstName = `O'Brien`;
    const html = packingSlipHtml(order, IST);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Chips &amp; Dip');
    expect(html).toContain('&lt;img src=x onerror=&quot;steal()&quot;&gt;');
    expect(html).toContain('O&#39;Brien');
    // The page itself allows no script at all.
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  test('shows the store, order id, date, ₹ amount, each item with its quantity, the address with phone and the payment state', () => {
    const order = sellerOrder({ amount: 1234.5 });
    const text = textOf(packingSlipHtml(order, IST));
    expect(text).toContain('Kirana Packing slip');
    expect(text).toContain(`Order ${order._id}`);
    expect(text).toContain('Date 1 Jun 2025, 3:00 pm');
    expect(text).toContain('Amount ₹1234.50');
    expect(text).toContain('1 Basmati Rice 1 kg 2');
    expect(text).toContain('2 Amul Milk 500 ml 3');
    expect(text).toContain('2 lines 5');
    expect(text).toContain(
      'Asha Rao 12 MG Road Bengaluru, Karnataka 560001 India Phone: +919876543210',
    );
    expect(text).toContain('Payment Cash on delivery · Pending');
    expect(text).toContain('Collect ₹1234.50 in cash on delivery');
  });

  test('a paid online order shows Paid and nothing to collect; a missing pack size shows N/A', () => {
    const order = sellerOrder({
      paymentType: 'Online',
      isPaid: true,
      items: [item(product({ name: 'Loose Tomatoes', weight: null }), 4)],
    });
    const text = textOf(packingSlipHtml(order, { ...IST, storeName: 'Sharma Kirana' }));
    expect(text).toContain('Sharma Kirana');
    expect(text).toContain('Payment Online · Paid');
    expect(text).not.toContain('Collect');
    expect(text).toContain('1 Loose Tomatoes N/A 4');
    expect(text).toContain('1 line 4');
  });
});

function fakePrintWindow(print: (reply: (success: boolean, reason: string) => void) => void) {
  const window = {
    loadURL: vi.fn(async (_url: string) => {}),
    webContents: {
      print: vi.fn(
        (
          _options: { silent: boolean; printBackground: boolean },
          callback: (s: boolean, r: string) => void,
        ) => print(callback),
      ),
    },
    destroy: vi.fn(),
  } satisfies PrintWindow;
  return window;
}

describe('printing a packing slip', () => {
  test('loads the slip into the hidden window, opens the print dialog and closes the window', async () => {
    const order = sellerOrder();
    const window = fakePrintWindow((reply) => reply(true, ''));
    await expect(printPackingSlip(order, () => window, IST)).resolves.toEqual({ printed: true });
    const url = window.loadURL.mock.calls[0]![0];
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(packingSlipHtml(order, IST));
    expect(window.webContents.print).toHaveBeenCalledWith(
      { silent: false, printBackground: true },
      expect.any(Function),
    );
    expect(window.destroy).toHaveBeenCalledTimes(1);
  });

  test('a cancelled print says so and still closes the window', async () => {
    const window = fakePrintWindow((reply) => reply(false, 'cancelled'));
    await expect(printPackingSlip(sellerOrder(), () => window)).resolves.toEqual({
      printed: false,
      reason: 'cancelled',
    });
    expect(window.destroy).toHaveBeenCalledTimes(1);
  });

  test('a slip that fails to load is not printed, and the window is closed', async () => {
    const window = fakePrintWindow(() => {});
    window.loadURL.mockRejectedValueOnce(new Error('ERR_FAILED'));
    await expect(printPackingSlip(sellerOrder(), () => window)).resolves.toEqual({
      printed: false,
      reason: 'ERR_FAILED',
    });
    expect(window.webContents.print).not.toHaveBeenCalled();
    expect(window.destroy).toHaveBeenCalledTimes(1);
  });
});
