import {
  CASH_REPORT_COLUMNS,
  toRupees,
  type AgentDay,
  type CashLine,
  type CashLineAnswer,
  type CashReportAnswer,
} from '@kirana/shared';
import { spreadsheetCsv } from '../../lib/csv.js';
import type { AgentDayFigures } from './cash-report.js';
import type { LedgerLine } from './cash.service.js';

export function presentCashLine(line: LedgerLine): CashLine {
  return {
    _id: line.id,
    kind: line.kind,
    amount: toRupees(line.amountPaise),
    balance: toRupees(line.balancePaise),
    orderId: line.orderId,
    note: line.note ?? null,
    by: line.by,
    createdAt: line.createdAt.toISOString(),
  };
}

/** A handover's or correction's answer: what was written, and the cash in hand now. */
export function presentWrittenLine(
  message: string,
  written: { line: LedgerLine; cashInHandPaise: number },
): CashLineAnswer {
  return {
    success: true,
    message,
    cashInHand: toRupees(written.cashInHandPaise),
    line: presentCashLine(written.line),
  };
}

type DayFigures = Omit<AgentDayFigures, 'agent'>;

function presentFigures(day: DayFigures): Omit<AgentDay, 'agent'> {
  return {
    deliveries: day.deliveries,
    openingInHand: toRupees(day.openingPaise),
    cashCollected: toRupees(day.cashCollectedPaise),
    onlineCollected: toRupees(day.onlineCollectedPaise),
    corrections: toRupees(day.correctionsPaise),
    handedOver: toRupees(day.handedOverPaise),
    closingInHand: toRupees(day.closingPaise),
  };
}

/** The day's report: each agent's figures and their sums, added up in paise. */
export function presentCashReport(date: string, days: AgentDayFigures[]): CashReportAnswer {
  const totals: DayFigures = {
    deliveries: 0,
    openingPaise: 0,
    cashCollectedPaise: 0,
    onlineCollectedPaise: 0,
    correctionsPaise: 0,
    handedOverPaise: 0,
    closingPaise: 0,
  };
  for (const day of days) {
    for (const key of Object.keys(totals) as (keyof DayFigures)[]) totals[key] += day[key];
  }
  return {
    success: true,
    date,
    agents: days.map(({ agent, ...day }) => ({
      agent: { _id: agent.id, name: agent.name, phone: agent.phone, removed: agent.removed },
      ...presentFigures(day),
    })),
    totals: presentFigures(totals),
  };
}

const CSV_COLUMNS = [
  { key: 'agent', header: 'Agent' },
  { key: 'phone', header: 'Phone' },
  ...CASH_REPORT_COLUMNS.map(({ key, label, money }) => ({
    key,
    header: money ? `${label} (₹)` : label,
  })),
];
const MONEY_COLUMNS = new Set<string>(
  CASH_REPORT_COLUMNS.filter((column) => column.money).map((column) => column.key),
);

/**
 * The report as CSV for a spreadsheet: one row per agent, then the totals; amounts with two
 * decimals. A name that a spreadsheet would run as a formula (=, +, @ …), on any of its lines, is
 * written as text.
 */
export function cashReportCsv(report: CashReportAnswer): string {
  const rows = [
    ...report.agents.map(({ agent, ...figures }) => ({
      agent: agent.removed ? `${agent.name} (removed)` : agent.name,
      phone: agent.phone,
      ...figures,
    })),
    { agent: 'Total', phone: '', ...report.totals },
  ];
  return spreadsheetCsv(rows, CSV_COLUMNS, (value, context) =>
    MONEY_COLUMNS.has(String(context.column)) ? value.toFixed(2) : String(value),
  );
}
