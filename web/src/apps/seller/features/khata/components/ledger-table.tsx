import {
  formatAmount,
  ORDER_CURRENCY,
  orderNumber,
  shopTime,
  type KhataEntry,
} from '@kirana/shared';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';
import './ledger-table.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

const METHOD_TEXT = { cash: 'cash', upi: 'UPI', online: 'online' } as const;

/** What an entry was, in the shop's words. */
export function entryText(entry: KhataEntry): string {
  switch (entry.kind) {
    case 'credit':
      return entry.sale
        ? `Counter bill ${entry.sale.number}`
        : entry.orderId
          ? `Order #${orderNumber(entry.orderId)}`
          : 'Credit';
    case 'payment':
      return `Payment${entry.method ? ` by ${METHOD_TEXT[entry.method]}` : ''}`;
    case 'return':
      return entry.sale ? `Return on bill ${entry.sale.number}` : 'Return';
    case 'adjustment':
      return 'Adjustment';
  }
}

/** A signed amount: '+₹40.00' owes more, '−₹40.00' owes less. */
export const signedRupees = (amount: number) =>
  `${amount < 0 ? '−' : '+'}${rupees(Math.abs(amount))}`;

/** The customer's ledger, newest first, each entry with what they owed once it was written. */
export function LedgerTable({
  entries,
  timeZone,
}: {
  entries: readonly KhataEntry[];
  timeZone: string;
}) {
  return (
    <DataTable caption="Ledger, newest first" className="khata-ledger">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Entry</th>
          <th scope="col" className={dataCell.number}>
            Amount
          </th>
          <th scope="col" className={dataCell.number}>
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry._id}>
            <td>
              <time dateTime={entry.createdAt}>{shopTime(entry.createdAt, timeZone)}</time>
            </td>
            <td>
              {entryText(entry)}
              {entry.note && <span className="seller-muted"> · {entry.note}</span>}
            </td>
            <td className={dataCell.number} data-sign={entry.amount < 0 ? 'less' : 'more'}>
              {signedRupees(entry.amount)}
            </td>
            <td className={dataCell.number}>{rupees(entry.balance)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
