import { escapeHtml, formatAmount, ORDER_CURRENCY } from '@kirana/shared';
import type { PrintResult, SellerOrder } from '@kirana/shared';
import { printablePage, printPage, type PrintWindow } from './print.js';

export const STORE_NAME = 'Kirana';

export interface PackingSlipOptions {
  storeName?: string;
  /** Dates are written for the counter's own time zone unless a test fixes one. */
  timeZone?: string;
}

const PAYMENT_LABELS: Record<SellerOrder['paymentType'], string> = {
  COD: 'Cash on delivery',
  Online: 'Online',
  Khata: 'On the khata: collect nothing',
};

/**
 * The packing slip of an order as a whole HTML page: store name, order id and date, each item
 * with its pack size and quantity, the delivery address with phone, the amount in rupees and
 * the payment state, with what to collect at the door. Every text from the order is escaped;
 * the page allows no script and loads nothing.
 */
export function packingSlipHtml(order: SellerOrder, options: PackingSlipOptions = {}): string {
  const e = escapeHtml;
  const store = options.storeName ?? STORE_NAME;
  const placed = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
  }).format(new Date(order.createdAt));
  const amount = formatAmount(order.amount, ORDER_CURRENCY);
  const paid = order.isPaid ? 'Paid' : 'Pending';
  const { address } = order;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const rows = order.items
    .map(
      (item, index) => `
        <tr>
          <td class="num">${index + 1}</td>
          <td>${e(item.product.name)}</td>
          <td>${e(item.product.weight ?? 'N/A')}</td>
          <td class="num qty">${item.quantity}</td>
          <td class="check" aria-label="packed"></td>
        </tr>`,
    )
    .join('');
  const collect =
    order.paymentType === 'COD' && !order.isPaid
      ? `<p class="collect">Collect ${e(amount)} in cash on delivery</p>`
      : '';

  return printablePage({
    title: `Packing slip ${order._id}`,
    style: `
      body { font: 12pt/1.4 system-ui, sans-serif; color: #000; margin: 12mm; }
      h1 { font-size: 18pt; margin: 0; }
      h2 { font-size: 12pt; margin: 6mm 0 2mm; }
      header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #000; padding-bottom: 2mm; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 6mm; margin: 4mm 0; }
      dt { font-weight: 600; }
      dd { margin: 0; }
      address { font-style: normal; }
      table { width: 100%; border-collapse: collapse; }
      th, td { border-bottom: 1px solid #999; padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
      .num { text-align: right; width: 1%; white-space: nowrap; }
      .qty { font-weight: 700; font-size: 14pt; }
      .check { width: 10mm; border: 1px solid #000; }
      tfoot td { border-bottom: 0; font-weight: 600; }
      .collect { font-size: 14pt; font-weight: 700; border: 2px solid #000; padding: 2mm; }`,
    body: `
    <header>
      <h1>${e(store)}</h1>
      <span>Packing slip</span>
    </header>
    <dl>
      <dt>Order</dt><dd>${e(order._id)}</dd>
      <dt>Date</dt><dd>${e(placed)}</dd>
      <dt>Amount</dt><dd>${e(amount)}</dd>
      <dt>Payment</dt><dd>${e(PAYMENT_LABELS[order.paymentType])} · ${paid}</dd>
    </dl>
    ${collect}
    <h2>Deliver to</h2>
    <address>
      ${e(`${address.firstName} ${address.lastName}`)}<br />
      ${e(address.street)}<br />
      ${e(`${address.city}, ${address.state} ${address.zipcode}`)}<br />
      ${e(address.country)}<br />
      Phone: ${e(address.phone)}
    </address>
    <h2>Items</h2>
    <table>
      <thead>
        <tr><th class="num">#</th><th>Item</th><th>Pack</th><th class="num">Qty</th><th>Packed</th></tr>
      </thead>
      <tbody>${rows}
      </tbody>
      <tfoot>
        <tr><td></td><td colspan="2">${order.items.length} ${order.items.length === 1 ? 'line' : 'lines'}</td><td class="num">${units}</td><td></td></tr>
      </tfoot>
    </table>`,
  });
}

/**
 * Prints an order's packing slip in a hidden window made by `createWindow` (see printPage).
 */
export function printPackingSlip(
  order: SellerOrder,
  createWindow: () => PrintWindow,
  options: PackingSlipOptions = {},
): Promise<PrintResult> {
  return printPage(packingSlipHtml(order, options), createWindow);
}
