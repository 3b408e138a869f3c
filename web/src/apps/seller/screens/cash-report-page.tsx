import {
  CASH_REPORT_COLUMNS,
  dayIn,
  DEFAULT_TIME_ZONE,
  formatAmount,
  ORDER_CURRENCY,
  type AgentDay,
  type CashFigures,
} from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import { TillFigures } from '../features/counter/components/till-figures';
import { counterQueries } from '../features/counter/queries';
import { tillSessionTimes } from '../features/counter/till-session';
import { cashReportCsvUrl } from '../features/team/api/get-cash-report';
import { AgentCashDialog } from '../features/team/components/agent-cash-dialog';
import { failureMessage } from '../failure-message';
import { teamMutations } from '../features/team/mutations';
import { teamQueries } from '../features/team/queries';
import { shopQueries } from '../../../common/shop-settings/queries';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Panel, Section, SellerPage } from '../ui/seller-page';
import { Button, buttonClass } from '../../../common/ui/button';
import { DataTable, dataCell } from '../../../common/ui/data-table';
import '../ui/seller-form.css';
import { Field } from '../../../common/ui/field';
import '../features/counter/components/counter.css';
import './cash-report-page.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** The shop's today, as YYYY-MM-DD on its clock. */
const shopToday = (timeZone: string) => dayIn(new Date(), timeZone);

function FigureCells({ day }: { day: CashFigures }) {
  return CASH_REPORT_COLUMNS.map(({ key, money }) => (
    <td
      key={key}
      className={`${dataCell.number}${key === 'closingInHand' ? ' seller-report__closing' : ''}`}
    >
      {money ? rupees(day[key]) : day[key]}
    </td>
  ));
}

/**
 * The till's days that opened on `date`, beside the agents: the cash it took and was counted,
 * each session told from the others by when it opened and closed.
 */
function TillDays({ date, timeZone }: { date: string; timeZone: string }) {
  const { data: days, error, refetch } = useQuery(counterQueries.days(date));
  return (
    <Section title="The till" className="seller-report__till">
      {error && !days ? (
        <LoadProblem
          message={failureMessage(error, 'Failed to load the till')}
          onRetry={() => void refetch()}
        />
      ) : !days ? (
        <Spinner label="Loading the till…" />
      ) : days.length === 0 ? (
        <Empty>The till was not opened that day.</Empty>
      ) : (
        days.map((day) => (
          <Panel key={day._id}>
            <h3 className="seller-report__till-title">
              {tillSessionTimes(day, timeZone)} · {day.sales} {day.sales === 1 ? 'sale' : 'sales'}
              {day.note && ` · ${day.note}`}
            </h3>
            <TillFigures day={day} />
          </Panel>
        ))
      )}
    </Section>
  );
}

/**
 * /seller/cash-report: the day's report per agent: deliveries, cash and online collected, cash
 * handed over and still in hand, with totals. It always balances: in hand at the start, plus
 * cash collected and corrections, minus handed over, is in hand at the end. Downloadable as CSV,
 * and printable (from the desktop app, or the browser's print). The till's days beside them.
 */
export function CashReportPage() {
  const dateId = useId();
  const timeZone = useQuery(shopQueries.shop()).data?.shop.timeZone ?? DEFAULT_TIME_ZONE;
  const today = shopToday(timeZone);
  const [chosen, setChosen] = useState('');
  // No day chosen, or the field cleared: the shop's today.
  const date = chosen || today;
  // Live: asked again on every handover, collection and duty change (`agents:updated`).
  const { data: report, error, refetch } = useQuery(teamQueries.cashReport(date));
  const failure = report ? null : error && failureMessage(error, 'Failed to load the cash report');
  // Any agent of the day, a removed one still holding cash included, hands cash over from here.
  const [cashOf, setCashOf] = useState<AgentDay['agent'] | null>(null);
  const print = useMutation(teamMutations.printCashReport());

  return (
    <SellerPage
      title="Cash report"
      className="seller-report"
      head={
        <>
          <Field id={dateId} label="Day" className="seller-report__date">
            {(control) => (
              <input
                {...control}
                type="date"
                value={date}
                max={today}
                onChange={(event) => setChosen(event.target.value)}
              />
            )}
          </Field>
          <div className="seller-report__actions">
            <a
              className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
              href={cashReportCsvUrl(date)}
              download
            >
              Download CSV
            </a>
            <Button
              type="button"
              look="seller"
              variant="secondary"
              size="small"
              disabled={!report}
              aria-busy={print.isPending}
              onClick={() => report && !print.isPending && print.mutate(report)}
            >
              Print
            </Button>
          </div>
        </>
      }
    >
      {failure ? (
        <LoadProblem message={failure} onRetry={() => void refetch()} />
      ) : !report ? (
        <Spinner label="Loading the cash report…" />
      ) : report.agents.length === 0 ? (
        <Empty>No agents on that day.</Empty>
      ) : (
        <DataTable
          caption={<>Agents’ cash on {report.date}</>}
          className="seller-report__table"
          note={
            // The report's columns do not fit a phone: said where the table starts, and shadows
            // show the side with more.
            <p className="seller-report__scroll-hint" aria-hidden="true">
              Swipe the table sideways for all {CASH_REPORT_COLUMNS.length + 1} columns →
            </p>
          }
        >
          <thead>
            <tr>
              <th scope="col">Agent</th>
              {CASH_REPORT_COLUMNS.map(({ key, label }) => (
                <th key={key} scope="col" className={dataCell.number}>
                  {label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.agents.map(({ agent, ...day }) => (
              <tr key={agent._id}>
                <th scope="row">
                  {agent.name}
                  {agent.removed && <span className="seller-muted"> (removed)</span>}
                </th>
                <FigureCells day={day} />
                <td className={dataCell.actions}>
                  <Button
                    type="button"
                    look="seller"
                    variant="secondary"
                    size="small"
                    aria-label={`Cash of ${agent.name}`}
                    onClick={() => setCashOf(agent)}
                  >
                    Cash
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <FigureCells day={report.totals} />
              <td />
            </tr>
          </tfoot>
        </DataTable>
      )}
      <TillDays date={date} timeZone={timeZone} />
      <AgentCashDialog agent={cashOf} onClose={() => setCashOf(null)} />
    </SellerPage>
  );
}
