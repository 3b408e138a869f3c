import {
  DEFAULT_TIME_ZONE,
  formatAmount,
  ORDER_CURRENCY,
  type DocumentKind,
  type GstSummaryAnswer,
  type RateSum,
} from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { shopQueries } from '../../../common/shop-settings/queries';
import { buttonClass } from '../../../common/ui/button';
import { DataTable, dataCell } from '../../../common/ui/data-table';
import { Field } from '../../../common/ui/field';
import { Spinner } from '../../../common/ui/spinner';
import { failureMessage } from '../failure-message';
import { gstr1TableUrl, gstr1Url, salesRegisterUrl } from '../features/gst/api/gst-files';
import { monthsTo, monthText, shopMonth } from '../features/gst/gst-month';
import { gstQueries } from '../features/gst/queries';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Note, Section, SellerPage } from '../ui/seller-page';
import '../ui/seller-form.css';
import './gst-page.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** Each kind of document as the screen names its series' count. */
const KIND_TEXT: Record<DocumentKind, string> = {
  'tax-invoice': 'Tax invoices',
  'bill-of-supply': 'Bills of supply',
  bill: 'Bills',
  'credit-note': 'Credit notes',
};

/** A rate's figures, or the month's total's. */
function SumCells({ sum }: { sum: Omit<RateSum, 'rate'> }) {
  return (
    <>
      <td className={dataCell.number}>{rupees(sum.taxable)}</td>
      <td className={dataCell.number}>{rupees(sum.cgst)}</td>
      <td className={dataCell.number}>{rupees(sum.sgst)}</td>
      <td className={dataCell.number}>{rupees(sum.amount)}</td>
    </>
  );
}

/** The month's sales by rate, net of credit notes, with their total. */
function ByRate({ summary, month }: { summary: GstSummaryAnswer; month: string }) {
  if (summary.byRate.length === 0) return <Empty>No sales in {monthText(month)}.</Empty>;
  return (
    <DataTable caption={`Sales by GST rate, ${monthText(month)}`} className="seller-gst__table">
      <thead>
        <tr>
          <th scope="col">Rate</th>
          <th scope="col" className={dataCell.number}>
            Taxable value
          </th>
          <th scope="col" className={dataCell.number}>
            CGST
          </th>
          <th scope="col" className={dataCell.number}>
            SGST
          </th>
          <th scope="col" className={dataCell.number}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {summary.byRate.map((sum) => (
          <tr key={String(sum.rate)}>
            <th scope="row">{sum.rate === null ? 'No rate' : `${sum.rate} %`}</th>
            <SumCells sum={sum} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <SumCells sum={summary.total} />
        </tr>
      </tfoot>
    </DataTable>
  );
}

/** Each series' documents issued in the month: its first and last number, how many. */
function Documents({ summary, month }: { summary: GstSummaryAnswer; month: string }) {
  if (summary.documents.length === 0)
    return <Empty>No documents issued in {monthText(month)}.</Empty>;
  return (
    <DataTable caption={`Documents issued, ${monthText(month)}`} className="seller-gst__table">
      <thead>
        <tr>
          <th scope="col">Documents</th>
          <th scope="col">Series</th>
          <th scope="col">Numbers</th>
          <th scope="col" className={dataCell.number}>
            Count
          </th>
        </tr>
      </thead>
      <tbody>
        {summary.documents.map((issued) => (
          <tr key={`${issued.series} ${issued.kind}`}>
            <th scope="row">{KIND_TEXT[issued.kind]}</th>
            <td>{issued.series}</td>
            <td>
              {issued.from} – {issued.to}
            </td>
            <td className={dataCell.number}>{issued.count}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** A file of the month to download, as a small button. */
function Download({ href, children }: { href: string; children: string }) {
  return (
    <a
      className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
      href={href}
      download
    >
      {children}
    </a>
  );
}

/**
 * The month's files: a registered shop's GSTR-1 (the portal's JSON, and its four tables as CSV
 * for the offline tool) and, in every mode, the sales register.
 */
function Downloads({ registered, month }: { registered: boolean; month: string }) {
  return (
    <div className="seller-gst__downloads">
      {registered ? (
        <>
          <Download href={gstr1Url(month)}>GSTR-1 (JSON)</Download>
          <Download href={gstr1TableUrl(month, 'b2cs')}>B2C small (CSV)</Download>
          <Download href={gstr1TableUrl(month, 'exemp')}>Nil rated (CSV)</Download>
          <Download href={gstr1TableUrl(month, 'hsn')}>HSN summary (CSV)</Download>
          <Download href={gstr1TableUrl(month, 'docs')}>Documents issued (CSV)</Download>
        </>
      ) : (
        <Note>
          GSTR-1 is for registered shops: choose Registered (regular) under{' '}
          <Link to="/seller/shop">Shop</Link> to file it from here.
        </Note>
      )}
      <Download href={salesRegisterUrl(month)}>Sales register (CSV)</Download>
    </div>
  );
}

/**
 * /seller/gst: a month of the shop's bills as the law asks for them (docs/gst.md#gstr-1):
 * its sales by rate (taxable value, CGST, SGST), the documents issued by series, and the files
 * to download: GSTR-1 (a registered shop's) and the sales register. The month is the shop's,
 * this one unless an earlier one is chosen.
 */
export function GstPage() {
  const monthId = useId();
  const timeZone = useQuery(shopQueries.shop()).data?.shop.timeZone ?? DEFAULT_TIME_ZONE;
  const current = shopMonth(new Date(), timeZone);
  const [chosen, setChosen] = useState('');
  // None chosen: the shop's month now.
  const month = chosen || current;
  const { data: summary, error, refetch } = useQuery(gstQueries.summary(month));
  const failure = summary ? null : error && failureMessage(error, 'Failed to load the GST month');

  return (
    <SellerPage
      title="GST"
      className="seller-gst"
      head={
        <Field id={monthId} label="Month" className="seller-gst__month">
          {(control) => (
            <select {...control} value={month} onChange={(event) => setChosen(event.target.value)}>
              {monthsTo(current).map((each) => (
                <option key={each} value={each}>
                  {monthText(each)}
                </option>
              ))}
            </select>
          )}
        </Field>
      }
    >
      {failure ? (
        <LoadProblem message={failure} onRetry={() => void refetch()} />
      ) : !summary ? (
        <Spinner label="Loading the GST month…" />
      ) : (
        <>
          {summary.gstin && <Note>GSTIN {summary.gstin}</Note>}
          <Section title="Sales by rate">
            <ByRate summary={summary} month={month} />
          </Section>
          <Section title="Documents issued">
            <Documents summary={summary} month={month} />
          </Section>
          <Section title="Downloads">
            <Downloads registered={summary.tax === 'regular'} month={month} />
          </Section>
        </>
      )}
    </SellerPage>
  );
}
