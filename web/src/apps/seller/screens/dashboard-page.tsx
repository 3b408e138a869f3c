import {
  dayIn,
  formatAmount,
  formatQuantity,
  ORDER_CURRENCY,
  type Dashboard,
  type ProductToCount,
  type TopProduct,
} from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../common/ui/spinner';
import type { DashboardRange } from '../features/dashboard/api/get-dashboard';
import { BarChart } from '../features/dashboard/components/bar-chart';
import {
  hourLabel,
  minutesText,
  quickRanges,
  rangeProblem,
  shareText,
} from '../features/dashboard/dashboard-ranges';
import { failureMessage } from '../failure-message';
import { pastCountText } from '../features/products/past-count';
import { dashboardQueries } from '../features/dashboard/queries';
import { shopQueries } from '../../../common/shop-settings/queries';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Note, Panel, Section, SellerPage } from '../ui/seller-page';
import { Button } from '../../../common/ui/button';
import { DataTable, dataCell } from '../../../common/ui/data-table';
import '../ui/seller-form.css';
import { Field, FieldProblem } from '../../../common/ui/field';
import './dashboard-page.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hourLabel(hour));
const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** The range the page shows: `?from=&to=`, else the shop's today. */
function useRange(
  today: string | undefined,
): [DashboardRange | null, (range: DashboardRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = from && to ? { from, to } : today ? { from: today, to: today } : null;
  return [range, (next) => setParams({ from: next.from, to: next.to })];
}

/** Today, yesterday, the last 7 days, or any range of days. */
function RangePicker({
  today,
  range,
  onChange,
}: {
  today: string;
  range: DashboardRange;
  onChange: (range: DashboardRange) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const picked = rangeProblem({ from, to });
    setProblem(picked);
    if (!picked) onChange({ from, to });
  };
  /** A day of the range, both said wrong by the range's problem. */
  const day = (id: string, label: string, value: string, set: (day: string) => void) => (
    <Field id={id} label={label}>
      {(control) => (
        <input
          {...control}
          type="date"
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          value={value}
          max={today}
          onChange={(event) => set(event.target.value)}
          required
        />
      )}
    </Field>
  );
  return (
    <div className="seller-dashboard__ranges">
      <div role="group" aria-label="Days shown" className="seller-dashboard__quick">
        {quickRanges(today).map(({ label, range: quick }) => (
          <Button
            key={label}
            type="button"
            look="seller"
            variant="secondary"
            aria-pressed={quick.from === range.from && quick.to === range.to}
            onClick={() => {
              setFrom(quick.from);
              setTo(quick.to);
              setProblem(null);
              onChange(quick);
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      <form className="seller-dashboard__custom" onSubmit={submit}>
        {day('dashboard-from', 'From', from, setFrom)}
        {day('dashboard-to', 'To', to, setTo)}
        <Button type="submit" look="seller">
          Show
        </Button>
        {problem && (
          <FieldProblem id={problemId} role="alert">
            {problem}
          </FieldProblem>
        )}
      </form>
    </div>
  );
}

/**
 * The figures of the days: online orders, sales, cancellations, delivery time, the promise kept,
 * and the counter's bills beside them; and, whatever the days, what the khata has to collect.
 */
function Figures({ dashboard }: { dashboard: Dashboard }) {
  const figures: [string, string][] = [
    ['Online orders', String(dashboard.orders)],
    ['Online sales', rupees(dashboard.sales)],
    ['Cancelled', String(dashboard.cancelled)],
    ['Delivered', String(dashboard.delivered)],
    ['Average time to deliver', minutesText(dashboard.averageDeliveryMinutes)],
    ['Delivered within the promise', shareText(dashboard.withinPromise)],
    ['Bills at the counter', String(dashboard.counterBills)],
    ['Counter sales', rupees(dashboard.counterSales)],
  ];
  return (
    <dl className="seller-dashboard__figures">
      {figures.map(([name, value]) => (
        <Panel key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Panel>
      ))}
      <Panel>
        <dt>To collect on the khata</dt>
        <dd>{rupees(dashboard.toCollect)}</dd>
        <dd className="seller-dashboard__figure-link">
          <Link to="/seller/khata?owing=true">
            {dashboard.owingCustomers === 1
              ? 'From 1 customer'
              : `From ${dashboard.owingCustomers} customers`}
          </Link>
        </dd>
      </Panel>
    </dl>
  );
}

/** Orders by the hour they were placed: a chart, and the same as a table for screen readers. */
function OrdersByHour({ byHour }: { byHour: number[] }) {
  return (
    <Section title="Orders by hour">
      <BarChart labels={HOURS} values={byHour} label="Orders" height={240} />
      <table className="visually-hidden">
        <caption>Orders by the hour they were placed</caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {byHour.map((count, hour) => (
            <tr key={HOURS[hour]}>
              <th scope="row">{HOURS[hour]}</th>
              <td>{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** The most sold products: a chart by units, and a table of units and sales. */
function TopProducts({ products }: { products: TopProduct[] }) {
  // The chart is drawn again only when the products change, not on each render of the page.
  const labels = useMemo(() => products.map((product) => product.name), [products]);
  // Pieces, or kilos (litres) of loose goods: what a shopkeeper counts them in.
  const units = useMemo(
    () =>
      products.map((product) =>
        product.unit === 'piece' ? product.quantity : product.quantity / 1000,
      ),
    [products],
  );
  return (
    <Section title="Top products online">
      {products.length === 0 ? (
        <Empty>No products ordered online in these days.</Empty>
      ) : (
        <>
          <BarChart
            labels={labels}
            values={units}
            label="Units (kg or L loose)"
            horizontal
            height={40 + products.length * 28}
          />
          <DataTable caption="Top products by units sold">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className={dataCell.number}>
                  Units
                </th>
                <th scope="col" className={dataCell.number}>
                  Sales
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product._id}>
                  <th scope="row">{product.name}</th>
                  <td className={dataCell.number}>
                    {formatQuantity(product.quantity, product.unit)}
                  </td>
                  <td className={dataCell.number}>{rupees(product.sales)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      )}
    </Section>
  );
}

/**
 * The shelves to count, whatever the days shown: the products sold furthest past their count
 * (the counter's sales at 0), each a search of the Product List, where a new count clears it.
 */
function ShelvesToCount({ products, total }: { products: ProductToCount[]; total: number }) {
  if (total === 0) return null;
  return (
    <Section title="Shelves to count">
      <p className="seller-muted">
        {total === 1
          ? '1 product was sold past its count.'
          : `${total} products were sold past their count${total > products.length ? `: the ${products.length} furthest past it` : ''}.`}
      </p>
      <ul className="seller-dashboard__to-count">
        {products.map((product) => (
          <li key={product._id}>
            <Link to={`/seller/product-list?q=${encodeURIComponent(product.name)}`}>
              {product.name}
            </Link>
            : {pastCountText(product.pastCount, product.unit)}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/seller/product-list?filter=past-count">
          All of them in the Product List, to enter their counts
        </Link>
      </p>
    </Section>
  );
}

/**
 * /seller/dashboard: how the shop did today, yesterday, in the last 7 days or any range — orders,
 * sales, cancellations, time to deliver, the share delivered within the promise, orders by hour
 * and the top products (docs/promise.md#dashboard).
 */
export function DashboardPage() {
  const shop = useQuery(shopQueries.shop()).data?.shop;
  const today = shop && dayIn(new Date(), shop.timeZone);
  const [range, setRange] = useRange(today);
  const { data, error, refetch, isFetching } = useQuery({
    ...dashboardQueries.dashboard(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
  const failure = error && failureMessage(error, 'Failed to load the dashboard');
  return (
    <SellerPage
      title="Dashboard"
      className="seller-dashboard"
      head={
        data && (
          <Note>
            {/* The days shown are said when they change; the minute's refresh is only seen. */}
            <span aria-live="polite">
              {data.from === data.to ? data.from : `${data.from} to ${data.to}`}
            </span>
            {isFetching && <span aria-hidden="true"> · updating…</span>}
          </Note>
        )
      }
    >
      {today && range && (
        <RangePicker
          key={`${range.from}-${range.to}`}
          today={today}
          range={range}
          onChange={setRange}
        />
      )}
      {failure ? (
        <LoadProblem message={failure} onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner label="Loading the dashboard…" />
      ) : (
        <>
          <Figures dashboard={data} />
          <ShelvesToCount products={data.toCount.products} total={data.toCount.total} />
          <OrdersByHour byHour={data.byHour} />
          <TopProducts products={data.topProducts} />
        </>
      )}
    </SellerPage>
  );
}
