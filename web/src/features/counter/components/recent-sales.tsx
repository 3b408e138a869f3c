import { shopClockTime, type CounterSale } from '@kirana/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { counterQueries } from '../queries';
import { rupees } from '../money';

interface RecentSalesProps {
  /** The shop's day of the open day of the till: its sales, in every session of that day. */
  date: string;
  timeZone: string;
  onReturn: (sale: CounterSale) => void;
  onPrint: (sale: CounterSale) => void;
}

/** Today's walk-in sales, newest first: each to print again or take items back from. */
export function RecentSales({ date, timeZone, onReturn, onPrint }: RecentSalesProps) {
  const id = useId();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    counterQueries.sales(date),
  );
  const sales = data?.pages.flatMap((page) => page.sales) ?? [];
  return (
    <section className="seller-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="seller-section__title">
        Today’s sales
      </h2>
      {sales.length === 0 ? (
        <p className="seller-empty">No sales at the counter yet today.</p>
      ) : (
        <div className="seller-table-wrap">
          <table className="seller-table">
            <caption className="visually-hidden">
              Today’s sales at the counter, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Bill</th>
                <th scope="col">Time</th>
                <th scope="col">Items</th>
                <th scope="col" className="seller-table__number">
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
                    <th scope="row">{sale.number}</th>
                    <td>{shopClockTime(new Date(sale.createdAt), timeZone)}</td>
                    <td>
                      {sale.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
                    </td>
                    <td className="seller-table__number">
                      {rupees(sale.amount)}
                      {sale.refunded > 0 && (
                        <small className="counter-sales__refund">
                          {' '}
                          − {rupees(sale.refunded)} back
                        </small>
                      )}
                    </td>
                    <td>{sale.payment === 'cash' ? 'Cash' : 'UPI'}</td>
                    <td className="counter-sales__actions">
                      <button
                        type="button"
                        className="seller-button seller-button--ghost seller-button--small"
                        onClick={() => onPrint(sale)}
                      >
                        Print<span className="visually-hidden"> bill {sale.number}</span>
                      </button>
                      <button
                        type="button"
                        className="seller-button seller-button--ghost seller-button--small"
                        disabled={!left}
                        onClick={() => onReturn(sale)}
                      >
                        Return<span className="visually-hidden"> items of bill {sale.number}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {hasNextPage && (
        <button
          type="button"
          className="seller-button seller-button--ghost seller-button--small"
          aria-busy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          Earlier sales
        </button>
      )}
    </section>
  );
}
