import { formatAmount, ORDER_CURRENCY, type KhataCustomer } from '@kirana/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import { isUnreachable } from '../../../../../lib/api-client';
import { khataQueries } from '../queries';
import './customer-picker.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** A customer as the till holds them. */
export type PickedCustomer = Pick<
  KhataCustomer,
  '_id' | 'name' | 'phone' | 'balance' | 'creditLimit'
>;

/** The fewest characters of a name or phone the search waits for. */
const SEARCH_MIN = 2;

interface CustomerPickerProps {
  chosen: PickedCustomer | null;
  onChoose: (customer: PickedCustomer | null) => void;
  /** Rupees this bill puts on the khata, to say what is left after it. */
  onKhata: number | null;
  /**
   * The customers found as last seen here, when the server cannot be reached (the Counter's
   * kept ones: docs/counter.md#the-till-without-a-connection).
   */
  keptSearch?: (q: string) => Promise<PickedCustomer[]>;
}

/** What they owe, their limit and what is left of it. */
function Standing({ customer }: { customer: PickedCustomer }) {
  const left = customer.creditLimit - customer.balance;
  return (
    <>
      owes {rupees(customer.balance)} ·{' '}
      {customer.creditLimit > 0
        ? `limit ${rupees(customer.creditLimit)}, ${rupees(Math.max(0, left))} left`
        : 'no credit'}
    </>
  );
}

/**
 * The Counter's khata customer: found by name or phone, shown with what they owe, their limit and
 * what is left of it, live (khata:updated), and what is left after this bill.
 */
export function CustomerPicker({ chosen, onChoose, onKhata, keptSearch }: CustomerPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const asked = q.trim();
  const found = useQuery({
    ...khataQueries.customers({ q: asked }),
    enabled: chosen === null && asked.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
  // Unreached (or the browser offline, which holds the search back): the kept customers.
  const unreached = found.fetchStatus === 'paused' || (found.isError && isUnreachable(found.error));
  const kept = useQuery({
    queryKey: ['seller', 'khata', 'kept-customers', asked],
    queryFn: () => keptSearch?.(asked) ?? [],
    enabled: keptSearch !== undefined && unreached && asked.length >= SEARCH_MIN,
    networkMode: 'always',
  });
  // The chosen customer as they stand now: another sale or a payment may have moved them.
  const live = useQuery({
    ...khataQueries.customer(chosen?._id ?? ''),
    enabled: chosen !== null,
  }).data;

  if (chosen) {
    const customer = live ?? chosen;
    const after = onKhata === null ? null : customer.balance + onKhata;
    const past = after !== null && after > customer.creditLimit;
    return (
      <div className="khata-picker__chosen" aria-label="Khata customer" role="group">
        <p className="khata-picker__name">
          <strong>{customer.name}</strong> · {customer.phone}
        </p>
        <p className="khata-picker__standing">
          <Standing customer={customer} />
        </p>
        {after !== null && (
          <p className="khata-picker__after" data-past={past || undefined}>
            After this bill: owes {rupees(after)}
            {past && ` — past the limit by ${rupees(after - customer.creditLimit)}`}
          </p>
        )}
        <Button
          type="button"
          look="seller"
          variant="secondary"
          size="small"
          onClick={() => onChoose(null)}
        >
          Change customer
        </Button>
      </div>
    );
  }

  const shown = unreached ? kept.data : found.data?.customers;
  const customers = shown ?? [];
  return (
    <div className="khata-picker">
      <Field id={`${id}-q`} label="Customer (name or phone)">
        {(control) => (
          <input
            {...control}
            type="search"
            autoComplete="off"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        )}
      </Field>
      {asked.length >= SEARCH_MIN && shown && (
        <ul className="khata-picker__found" aria-label="Customers found">
          {customers.length === 0 ? (
            <li className="seller-muted">No customer on the khata matches.</li>
          ) : (
            customers.map((customer) => (
              <li key={customer._id}>
                <Button
                  type="button"
                  variant="link"
                  onClick={() => {
                    onChoose({
                      _id: customer._id,
                      name: customer.name,
                      phone: customer.phone,
                      balance: customer.balance,
                      creditLimit: customer.creditLimit,
                    });
                    setQ('');
                  }}
                >
                  {customer.name} · {customer.phone}
                </Button>{' '}
                <span className="seller-muted">
                  <Standing customer={customer} />
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
