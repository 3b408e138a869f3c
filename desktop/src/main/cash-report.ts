import {
  CASH_REPORT_COLUMNS,
  escapeHtml,
  formatAmount,
  ORDER_CURRENCY,
  type CashFigures,
  type CashReportAnswer,
  type PrintResult,
} from '@kirana/shared';
import { STORE_NAME } from './packing-slip.js';
import { printablePage, printPage, type PrintWindow } from './print.js';

const rupees = (amount: number) => escapeHtml(formatAmount(amount, ORDER_CURRENCY));

function figureCells(day: CashFigures): string {
  return CASH_REPORT_COLUMNS.map(
    ({ key, money }) => `<td class="num">${money ? rupees(day[key]) : String(day[key])}</td>`,
  ).join('');
}

/**
 * The agents' cash report of one day as a whole HTML page for the printer: per agent the
 * deliveries, cash and online collected, corrections, cash handed over and in hand at the start
 * and end of the day, then the totals, and a line for each agent to sign. Every text is escaped;
 * the page allows no script and loads nothing.
 */
export function cashReportHtml(report: CashReportAnswer, storeName = STORE_NAME): string {
  const e = escapeHtml;
  const headings = CASH_REPORT_COLUMNS.map(({ label }) => `<th class="num">${e(label)}</th>`).join(
    '',
  );
  const rows = report.agents
    .map(
      ({ agent, ...day }) => `
        <tr>
          <th scope="row">${e(agent.name)}${agent.removed ? ' (removed)' : ''}<br /><small>${e(agent.phone)}</small></th>
          ${figureCells(day)}
          <td class="sign"></td>
        </tr>`,
    )
    .join('');
  return printablePage({
    title: `Cash report ${report.date}`,
    style: `
      @page { size: A4 landscape; margin: 12mm; }
      body { font: 10pt/1.4 system-ui, sans-serif; color: #000; }
      h1 { font-size: 16pt; margin: 0; }
      header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #000; padding-bottom: 2mm; margin-bottom: 4mm; }
      table { width: 100%; border-collapse: collapse; }
      th, td { border-bottom: 1px solid #999; padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
      thead th { font-size: 9pt; }
      .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
      .sign { width: 28mm; }
      tfoot th, tfoot td { border-top: 2px solid #000; border-bottom: 0; font-weight: 700; }
      small { color: #333; }`,
    body: `
    <header>
      <h1>${e(storeName)}: agents' cash</h1>
      <span>${e(report.date)}</span>
    </header>
    <table>
      <thead>
        <tr>
          <th>Agent</th>${headings}<th>Signature</th>
        </tr>
      </thead>
      <tbody>${rows}
      </tbody>
      <tfoot>
        <tr><th scope="row">Total</th>${figureCells(report.totals)}<td></td></tr>
      </tfoot>
    </table>`,
  });
}

/** Prints the day's cash report in a hidden window made by `createWindow` (see printPage). */
export function printCashReport(
  report: CashReportAnswer,
  createWindow: () => PrintWindow,
): Promise<PrintResult> {
  return printPage(cashReportHtml(report), createWindow);
}
