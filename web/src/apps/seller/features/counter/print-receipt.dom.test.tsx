import {
  receiptHtml,
  type CounterSale,
  type KiranaDesktopBridge,
  type ReceiptShop,
} from '@kirana/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printReceipt } from './print-receipt';

const shop: ReceiptShop = {
  name: 'Kirana Store',
  legalName: '',
  phone: '98765 43210',
  address: '12 MG Road, Pune',
  timeZone: 'Asia/Kolkata',
  gstin: '',
};

/** A sale made without a connection: bill 5 of counter C1's own series, paid in cash. */
const sale: CounterSale = {
  _id: '01a21c37-887d-75a9-84a8-a033fefeb5a0',
  number: 0,
  invoice: { number: 'C1/26-27/5', series: 'C1', date: '2026-11-27', kind: 'bill' },
  lines: [
    {
      product: '01a21c37-887d-75a9-84a8-a033fefeb5a1',
      name: 'Tata Salt 1 kg',
      unit: 'piece',
      quantity: 2,
      unitPrice: 28,
      amount: 56,
      returned: 0,
      hsn: null,
      gstRate: null,
      taxable: null,
      cgst: null,
      sgst: null,
    },
  ],
  subtotal: 56,
  tax: 0,
  amount: 56,
  payment: 'cash',
  tendered: 100,
  change: 44,
  customer: null,
  onKhata: 0,
  paid: null,
  refunded: 0,
  createdAt: '2026-11-27T09:10:00.000Z',
};

/** The desktop app's bridge with a receipt printer set (or not), its calls recorded. */
function desktopApp({ printer = true, older = false } = {}) {
  const bridge = {
    receiptPrinter: vi.fn(async () => ({ configured: printer, label: printer ? 'TVS' : null })),
    printReceipt: vi.fn(async (_request: unknown) => ({ printed: true as const })),
    ...(!older && { counterConnection: vi.fn(async () => {}) }),
  };
  window.kirana = bridge as unknown as KiranaDesktopBridge;
  return bridge;
}

/** The one frame printing, once it has loaded and printed. */
async function printedFrame(): Promise<HTMLIFrameElement> {
  const frame = await vi.waitFor(() => {
    const found = document.querySelector<HTMLIFrameElement>('iframe[title="Receipt"]');
    if (!found) throw new Error('no frame yet');
    return found;
  });
  return frame;
}

afterEach(() => {
  delete window.kirana;
  document.body.replaceChildren();
});

describe('printing a receipt at the Counter', () => {
  it('in the desktop app with a receipt printer, hands the app the sale and the shop to render, drawer and all', async () => {
    const app = desktopApp();
    await expect(printReceipt(sale, shop, true)).resolves.toEqual({ printed: true });
    expect(app.printReceipt).toHaveBeenCalledWith({ sale, shop, cash: true });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('in a desktop app from before, asks it to print the sale by its id, as it did', async () => {
    const app = desktopApp({ older: true });
    await printReceipt(sale, shop, false);
    expect(app.printReceipt).toHaveBeenCalledWith({ saleId: sale._id, cash: false });
  });

  it('in a browser, or an app without a receipt printer, prints the receipt rendered here from a frame of the page, asking no server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    // The test's DOM prints nothing (it has no window.print): a frame's print, as it is put in
    // the page, is a stand-in.
    const print = vi.fn();
    const append = document.body.append.bind(document.body);
    vi.spyOn(document.body, 'append').mockImplementation((...nodes) => {
      append(...nodes);
      for (const node of nodes)
        if (node instanceof HTMLIFrameElement)
          Object.defineProperty(node.contentWindow!, 'print', { value: print });
    });
    for (const inTheApp of [false, true]) {
      const app = inTheApp ? desktopApp({ printer: false }) : null;
      const printing = printReceipt(sale, shop, true);
      const frame = await printedFrame();
      expect(frame.getAttribute('src')).toBeNull();
      expect(frame.srcdoc).toBe(receiptHtml(sale, shop, 80));
      expect(frame.srcdoc).toContain('Bill No. C1/26-27/5');
      await expect(printing).resolves.toEqual({ printed: true });
      expect(print).toHaveBeenCalledTimes(inTheApp ? 2 : 1);
      if (app) expect(app.printReceipt).not.toHaveBeenCalled();
      document.body.replaceChildren();
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
