import { dayIn, shopClockTime, type CounterSale } from '@kirana/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { billNumberText } from '../money';
import { counterQueries } from '../queries';
import { SalesTable } from './sales-table';
import { Button } from '../../../../../common/ui/button';
import { Empty, Section } from '../../../ui/seller-page';

interface RecentSalesProps {
  /** The shop's day of the open day of the till: its sales, in every session of that day. */
  date: string;
  timeZone: string;
  onReturn: (sale: CounterSale) => void;
  onPrint: (sale: CounterSale) => void;
}

/**
 * Today's walk-in sales, newest first, and any earlier bill found by its number (a customer back
 * with the receipt): each to print again or take items back from.
 */
export function RecentSales({ date, timeZone, onReturn, onPrint }: RecentSalesProps) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    counterQueries.sales(date),
  );
  const sales = data?.pages.flatMap((page) => page.sales) ?? [];
  const actions = { onReturn, onPrint };
  return (
    <Section title="Today’s sales">
      <FindBill timeZone={timeZone} {...actions} />
      {sales.length === 0 ? (
        <Empty>No sales at the counter yet today.</Empty>
      ) : (
        <SalesTable
          caption="Today’s sales at the counter, newest first"
          sales={sales}
          when={(sale) => shopClockTime(new Date(sale.createdAt), timeZone)}
          {...actions}
        />
      )}
      {hasNextPage && (
        <Button
          type="button"
          look="seller"
          variant="secondary"
          size="small"
          aria-busy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          Earlier sales
        </Button>
      )}
    </Section>
  );
}

/** A bill number as a receipt prints it (`KS/26-27/12`), or only its last part (`12`). */
const BILL_NUMBER = /^(?:[A-Z0-9-]+\/)*[1-9]\d{0,8}$/;

/** A bill of any day, found by the number on its receipt. */
function FindBill({ timeZone, onReturn, onPrint }: Omit<RecentSalesProps, 'date'>) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [number, setNumber] = useState<string | null>(null);
  const { data, isFetching } = useQuery(counterQueries.bill(number));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = typed.trim().toUpperCase();
    setNumber(BILL_NUMBER.test(text) ? text : null);
  };
  const found = data?.sales[0];
  return (
    <div className="counter-find">
      <form className="counter-find__form" onSubmit={submit} role="search" aria-label="Find a bill">
        <label htmlFor={`${id}-number`}>Bill number</label>
        <input
          id={`${id}-number`}
          placeholder="KS/26-27/12 or 12"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" look="seller" variant="secondary" size="small" aria-busy={isFetching}>
          Find
        </Button>
      </form>
      {/* What the search found, said as it changes. */}
      <div role="status">
        {number !== null && data && !found && <Empty>No bill {number}.</Empty>}
        {found && (
          <p className="counter-find__found">
            Found bill {billNumberText(found)}, of {dayIn(new Date(found.createdAt), timeZone)}:
          </p>
        )}
      </div>
      {found && (
        <SalesTable
          caption={`Bill ${billNumberText(found)}`}
          sales={[found]}
          when={(sale) => {
            const at = new Date(sale.createdAt);
            return `${dayIn(at, timeZone)} ${shopClockTime(at, timeZone)}`;
          }}
          onReturn={onReturn}
          onPrint={onPrint}
        />
      )}
    </div>
  );
}
