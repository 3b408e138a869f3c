import { type CounterSale } from '@kirana/shared';
import { billNumberText, itemsText, rupees } from '../money';
import { Button } from '../../../../../common/ui/button';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';

interface SalesTableProps {
  /** What the table lists, said to screen readers. */
  caption: string;
  sales: readonly CounterSale[];
  /** When a sale was made, as this table says it. */
  when: (sale: CounterSale) => string;
  onReturn: (sale: CounterSale) => void;
  onPrint: (sale: CounterSale) => void;
}

/** Walk-in sales, a row each: what was sold, for how much, and buttons to print or take back. */
export function SalesTable({ caption, sales, when, onReturn, onPrint }: SalesTableProps) {
  return (
    <DataTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Bill</th>
          <th scope="col">Time</th>
          <th scope="col">Items</th>
          <th scope="col" className={dataCell.number}>
            Amount
          </th>
          <th scope="col">Paid</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sales.map((sale) => {
          const left = sale.lines.some((line) => line.returned < line.quantity);
          return (
            <tr key={sale._id}>
              <th scope="row" className="counter-sales__number">
                {billNumberText(sale)}
              </th>
              <td>{when(sale)}</td>
              <td>{itemsText(sale)}</td>
              <td className={dataCell.number}>
                {rupees(sale.amount)}
                {sale.refunded > 0 && (
                  <small className="counter-sales__refund"> − {rupees(sale.refunded)} back</small>
                )}
              </td>
              <td>{sale.payment === 'cash' ? 'Cash' : 'UPI'}</td>
              <td className="counter-sales__actions">
                <Button
                  type="button"
                  look="seller"
                  variant="secondary"
                  size="small"
                  onClick={() => onPrint(sale)}
                >
                  Print<span className="visually-hidden"> bill {billNumberText(sale)}</span>
                </Button>
                <Button
                  type="button"
                  look="seller"
                  variant="secondary"
                  size="small"
                  disabled={!left}
                  onClick={() => onReturn(sale)}
                >
                  Return
                  <span className="visually-hidden"> items of bill {billNumberText(sale)}</span>
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
