/**
 * A customer's statement (docs/khata.md#statements) for days of the shop's calendar: what they
 * owed before the first day, every entry of the period with the balance it left, what they owed
 * after the last; as a printable HTML page or a CSV file for a spreadsheet.
 */
import {
  escapeHtml as e,
  formatAmount,
  ORDER_CURRENCY,
  orderNumber,
  shopDayBounds,
  shopTime,
  toRupees,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { spreadsheetCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import type { ShopSettings } from '../shop/shop.entity.js';
import { readShop } from '../shop/shop.service.js';
import {
  customerById,
  entriesBetween,
  type CustomerRecord,
  type EntryRecord,
} from './khata-reads.js';
import { shopDate } from './khata-reminder.js';

export interface Statement {
  shop: Pick<ShopSettings, 'name' | 'phone' | 'address' | 'timeZone'>;
  customer: CustomerRecord;
  from: string;
  to: string;
  openingPaise: number;
  entries: EntryRecord[];
  closingPaise: number;
}

/**
 * Customer `customerId`'s statement from day `from` to day `to`, both in, in the shop's time zone.
 * @throws AppError INVALID for `from` after `to`; NOT_FOUND for no such customer.
 */
export async function readStatement(
  em: EntityManager,
  customerId: string,
  from: string,
  to: string,
): Promise<Statement> {
  if (from > to) throw new AppError('INVALID', `from must not be after to (${to})`);
  const customer = await customerById(em, customerId);
  const shop = await readShop(em);
  const { start } = shopDayBounds(from, shop.timeZone);
  const { end } = shopDayBounds(to, shop.timeZone);
  const { openingPaise, entries } = await entriesBetween(em, customerId, start, end);
  return {
    shop,
    customer,
    from,
    to,
    openingPaise,
    entries,
    closingPaise: entries.at(-1)?.balancePaise ?? openingPaise,
  };
}

const KIND_LABEL = {
  credit: 'Credit',
  payment: 'Payment',
  return: 'Return',
  adjustment: 'Adjustment',
};

/** What an entry was, in a line: 'Payment', 'Credit', and its cause: 'Bill KS/26-27/17 · by cash'. */
function describe(entry: EntryRecord): { what: string; details: string } {
  const details = [
    entry.sale && `Bill ${entry.sale.number}`,
    entry.orderId && `Order #${orderNumber(entry.orderId)}`,
    entry.method && `by ${entry.method === 'upi' ? 'UPI' : entry.method}`,
    entry.note,
  ].filter(Boolean);
  return { what: KIND_LABEL[entry.kind], details: details.join(' · ') };
}

const rs = (paise: number) => formatAmount(toRupees(paise), ORDER_CURRENCY);

/** The day a statement's days are named by: '3 Dec 2026'. */
const dayName = (day: string) => shopDate(new Date(`${day}T12:00:00Z`), 'UTC');

/**
 * The statement as a whole HTML page for a printer and a browser: every text escaped; the page
 * loads nothing and runs no script (its Content-Security-Policy says so, in the page too).
 */
export function statementHtml(statement: Statement): string {
  const { shop, customer } = statement;
  const period = `${dayName(statement.from)} – ${dayName(statement.to)}`;
  const rows = statement.entries
    .map((entry) => {
      const { what, details } = describe(entry);
      return `<tr><td>${e(shopTime(entry.createdAt, shop.timeZone))}</td><td>${e(what)}${details ? `<br /><small>${e(details)}</small>` : ''}</td><td>${e(rs(entry.amountPaise))}</td><td>${e(rs(entry.balancePaise))}</td></tr>`;
    })
    .join('\n        ');
  const contact = [shop.address, shop.phone].filter(Boolean);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${e(`${shop.name} · Khata statement · ${customer.name} · ${period}`)}</title>
    <style>
      @page { size: A4; margin: 15mm; }
      body { max-width: 180mm; margin: 0 auto; font: 10pt/1.4 system-ui, sans-serif; color: #000; }
      h1 { font-size: 16pt; margin: 0; }
      h2 { font-size: 12pt; margin: 4mm 0 1mm; }
      p { margin: 0; }
      table { width: 100%; border-collapse: collapse; margin-top: 3mm; }
      th, td { text-align: left; padding: 1mm 2mm; border-bottom: 1px solid #ccc; vertical-align: top; }
      td:nth-child(3), td:nth-child(4), th:nth-child(3), th:nth-child(4) { text-align: right; white-space: nowrap; }
      small { color: #444; }
      .balance td { font-weight: bold; border-bottom: 1px solid #000; }
    </style>
  </head>
  <body>
    <h1>${e(shop.name)}</h1>
    ${contact.map((line) => `<p>${e(line)}</p>`).join('\n    ')}
    <h2>Khata statement: ${e(period)}</h2>
    <p>${e(customer.name)} · ${e(customer.phone)}</p>
    <table>
      <thead>
        <tr><th scope="col">When</th><th scope="col">Entry</th><th scope="col">Amount</th><th scope="col">Balance</th></tr>
      </thead>
      <tbody>
        <tr class="balance"><td>${e(dayName(statement.from))}</td><td>Opening balance</td><td></td><td>${e(rs(statement.openingPaise))}</td></tr>
        ${rows}
        <tr class="balance"><td>${e(dayName(statement.to))}</td><td>Closing balance</td><td></td><td>${e(rs(statement.closingPaise))}</td></tr>
      </tbody>
    </table>
    <p><small>A positive balance is what ${e(customer.name)} owes the shop.</small></p>
  </body>
</html>
`;
}

const CSV_COLUMNS = [
  { key: 'when', header: 'When' },
  { key: 'entry', header: 'Entry' },
  { key: 'details', header: 'Details' },
  { key: 'amount', header: 'Amount (₹)' },
  { key: 'balance', header: 'Balance (₹)' },
];

/**
 * The statement as CSV for a spreadsheet: the opening balance, one row per entry, the closing
 * balance; amounts with two decimals, every text safe from being run as a formula.
 */
export function statementCsv(statement: Statement): string {
  const { timeZone } = statement.shop;
  const rows = [
    {
      when: dayName(statement.from),
      entry: 'Opening balance',
      details: '',
      amount: '',
      balance: toRupees(statement.openingPaise),
    },
    ...statement.entries.map((entry) => ({
      when: shopTime(entry.createdAt, timeZone),
      entry: describe(entry).what,
      details: describe(entry).details,
      amount: toRupees(entry.amountPaise),
      balance: toRupees(entry.balancePaise),
    })),
    {
      when: dayName(statement.to),
      entry: 'Closing balance',
      details: '',
      amount: '',
      balance: toRupees(statement.closingPaise),
    },
  ];
  return spreadsheetCsv(rows, CSV_COLUMNS, (value) => value.toFixed(2));
}
