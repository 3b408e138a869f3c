import {
  formatAmount,
  orderNumber,
  ORDER_CURRENCY,
  shopTime,
  type KhataEntry,
} from '@kirana/shared';
import { useInfiniteQuery, useMutation, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useShopTimeZone } from '../../../common/shop-settings/use-shop';
import { Button, buttonClass } from '../../../common/ui/button';
import { Field } from '../../../common/ui/field';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { Spinner } from '../../../common/ui/spinner';
import { khataMutations } from '../features/khata/mutations';
import { khataOf, myKhataQueries, type MyKhata } from '../features/khata/queries';
import { authCheckedAtom, loginDialogAtom, userAtom } from '../session/user';
import './my-khata-page.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** The day `at` falls on at the shop, e.g. '6 Dec 2026'. */
const shopDay = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone, dateStyle: 'medium' }).format(new Date(at));

/**
 * `/khata`: the shopper's khata with the shop (docs/khata.md): what they owe, their limit, since
 * when they have owed, every entry with the balance after it, and paying the due online.
 */
export function MyKhataPage() {
  const user = useAtomValue(userAtom);
  const authChecked = useAtomValue(authCheckedAtom);
  const openLogin = useSetAtom(loginDialogAtom);
  const { reset } = useQueryErrorResetBoundary();

  return (
    <section className="container section khata-page" aria-labelledby="khata-heading">
      <h1 id="khata-heading">My khata</h1>
      {!authChecked ? (
        <Spinner label="Checking your login…" />
      ) : !user ? (
        <div className="empty-state">
          <p>Log in to see your khata.</p>
          <Button type="button" onClick={() => openLogin('login')}>
            Login
          </Button>
        </div>
      ) : (
        <LoadBoundary
          onRetry={reset}
          errorMessage="Your khata could not be loaded."
          fallback={<Spinner label="Loading your khata…" />}
        >
          <KhataScreen userId={user._id} />
        </LoadBoundary>
      )}
    </section>
  );
}

function KhataScreen({ userId }: { userId: string }) {
  // A failed load is thrown to the LoadBoundary, which offers a retry.
  const pages = useInfiniteQuery({ ...myKhataQueries.mine(userId), throwOnError: true });
  const khata = khataOf(pages.data);
  const timeZone = useShopTimeZone();
  if (pages.isPending) return <Spinner label="Loading your khata…" />;
  if (!khata) {
    return (
      <div className="empty-state">
        <p>The shop keeps no khata for your account.</p>
        <Link to="/my-orders" className={buttonClass({ variant: 'secondary' })}>
          My Orders
        </Link>
      </div>
    );
  }
  return (
    <>
      <dl className="khata-page__facts">
        <div>
          <dt>{khata.balance < 0 ? 'The shop owes you' : 'You owe'}</dt>
          <dd className="khata-page__balance">{rupees(Math.abs(khata.balance))}</dd>
        </div>
        <div>
          <dt>Credit limit</dt>
          <dd>{khata.creditLimit > 0 ? rupees(khata.creditLimit) : 'No credit'}</dd>
        </div>
        {khata.oldestUnpaidAt && (
          <div>
            <dt>Owing since</dt>
            <dd>
              <time dateTime={khata.oldestUnpaidAt}>{shopDay(khata.oldestUnpaidAt, timeZone)}</time>
            </dd>
          </div>
        )}
      </dl>
      {khata.balance > 0 && <PayDue khata={khata} />}
      {khata.allEntries.length === 0 ? (
        <p className="muted">Nothing has been written in your khata yet.</p>
      ) : (
        <table className="khata-entries">
          <caption className="visually-hidden">Your khata's entries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Entry</th>
              <th scope="col" className="khata-entries__number">
                Amount
              </th>
              <th scope="col" className="khata-entries__number">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {khata.allEntries.map((entry) => (
              <tr key={entry._id}>
                <td>
                  <time dateTime={entry.createdAt}>{shopTime(entry.createdAt, timeZone)}</time>
                </td>
                <td>{entryText(entry)}</td>
                <td className="khata-entries__number">
                  {entry.amount > 0 ? '+' : '−'}
                  {rupees(Math.abs(entry.amount))}
                </td>
                <td className="khata-entries__number">{rupees(entry.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages.hasNextPage && (
        <Button
          type="button"
          variant="secondary"
          className="khata-page__older"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Load older'}
        </Button>
      )}
    </>
  );
}

const KINDS: Record<KhataEntry['kind'], string> = {
  credit: 'Bought on credit',
  payment: 'Paid',
  return: 'Returned',
  adjustment: 'Adjusted',
};
const METHODS: Record<NonNullable<KhataEntry['method']>, string> = {
  cash: 'in cash',
  upi: 'by UPI',
  online: 'online',
};

/** What an entry was, in the shopper's words: its kind, way, bill or order, and note. */
export function entryText(entry: KhataEntry): string {
  const parts = [KINDS[entry.kind]];
  if (entry.method) parts.push(METHODS[entry.method]);
  if (entry.sale) parts.push(`(bill ${entry.sale.number})`);
  if (entry.orderId) parts.push(`(order #${orderNumber(entry.orderId)})`);
  const text = parts.join(' ');
  return entry.note && entry.kind !== 'payment' ? `${text}: ${entry.note}` : text;
}

/** 'Pay now': an amount (the whole due unless changed) paid online through Checkout. */
function PayDue({ khata }: { khata: MyKhata }) {
  const pay = useMutation(khataMutations.pay(useStore()));
  // Null: the due as it stands now, which a payment changes.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? khata.balance.toFixed(2);
  const amount = Number(text);
  const problem =
    text.trim() === '' || !Number.isFinite(amount) || amount <= 0
      ? 'Say how much to pay'
      : amount > khata.balance
        ? `At most what you owe, ${rupees(khata.balance)}`
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || pay.isPending) return;
    pay.mutate(Math.round(amount * 100) / 100, { onSettled: () => setTyped(null) });
  };

  return (
    <form className="khata-page__pay" onSubmit={submit} noValidate>
      <Field
        id="khata-pay-amount"
        label="Amount to pay (₹)"
        problem={typed === null ? undefined : problem}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min="1"
            step="0.01"
            value={text}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={pay.isPending || Boolean(problem)}>
        {pay.isPending ? 'Paying…' : 'Pay now'}
      </Button>
    </form>
  );
}
