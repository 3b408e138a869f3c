import * as z from 'zod/mini';
import { dayField, paiseOf, readableText, requestBody, wholePaise } from './common.js';

/**
 * An agent's cash ledger (docs/agents.md#cash-ledger). Every rupee an agent takes in cash is a
 * `collection` line; the seller records a `handover` when the agent brings cash to the counter;
 * a `correction` puts right what was wrong (cash given back for a cancelled order, a miscount).
 * Lines are only ever added: cash in hand is the sum of the agent's lines.
 */
export const CASH_LINE_KINDS = ['collection', 'handover', 'correction'] as const;
export type CashLineKind = (typeof CASH_LINE_KINDS)[number];

/** Who wrote a line: the agent (cash taken at the door), the seller, or the store itself. */
export const CASH_LINE_AUTHORS = ['agent', 'seller', 'system'] as const;

/** The most one handover or correction may move, in rupees. */
export const MAX_CASH_AMOUNT = 10_000_000;

/** One line, amounts in rupees: positive adds to the agent's cash in hand, negative takes off. */
export const cashLineSchema = z.object({
  _id: z.string(),
  kind: z.enum(CASH_LINE_KINDS),
  amount: z.number(),
  /** Cash in hand once this line was written. */
  balance: z.number(),
  orderId: z.nullable(z.string()),
  note: z.nullable(z.string()),
  by: z.enum(CASH_LINE_AUTHORS),
  createdAt: z.iso.datetime(),
});
export type CashLine = z.infer<typeof cashLineSchema>;

/** `GET /api/agents/cash` (the agent): cash in hand and the latest lines, newest first. */
export const agentCashAnswerSchema = z.object({
  success: z.literal(true),
  cashInHand: z.number(),
  lines: z.array(cashLineSchema),
});
export type AgentCashAnswer = z.infer<typeof agentCashAnswerSchema>;
/** An agent's cash as `cash:updated` carries it (the answer without `success`). */
export type AgentCash = Omit<AgentCashAnswer, 'success'>;

/** `GET /api/agents/{id}/ledger` (the seller): one agent's cash in hand and latest lines. */
export const agentLedgerAnswerSchema = z.extend(agentCashAnswerSchema, {
  agent: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
});
export type AgentLedgerAnswer = z.infer<typeof agentLedgerAnswerSchema>;

const AMOUNT_TWO_DECIMALS = 'amount must have at most two decimals (whole paise)';

/** Rupees with at most two decimals, within ±{@link MAX_CASH_AMOUNT}. */
function cashAmount(positive: boolean) {
  const range = positive
    ? `amount must be more than 0 and at most ${MAX_CASH_AMOUNT}`
    : `amount must not be 0 and at most ${MAX_CASH_AMOUNT} either way`;
  return z.number({ error: 'amount must be a number of rupees' }).check(
    z.refine((amount) => Number.isFinite(amount), 'amount must be a number of rupees'),
    // In paise: an amount that rounds to none (1e-18) is none.
    z.refine(
      (amount) =>
        (positive ? paiseOf(amount) > 0 : paiseOf(amount) !== 0) &&
        Math.abs(amount) <= MAX_CASH_AMOUNT,
      range,
    ),
    z.refine(wholePaise, AMOUNT_TWO_DECIMALS),
  );
}

const CORRECTION_NOTE_REQUIRED = 'note is required: say what the correction puts right';

const noteField = (required: boolean) => {
  const note = z
    .string({
      error: (issue) =>
        required && issue.input === undefined ? CORRECTION_NOTE_REQUIRED : 'note must be text',
    })
    .check(
      z.trim(),
      z.maxLength(200, 'note must be at most 200 characters'),
      ...readableText('note'),
    );
  return required
    ? note.check(z.minLength(1, CORRECTION_NOTE_REQUIRED))
    : z.pipe(
        z.optional(z.nullable(note)),
        z.transform((text: string | null | undefined) => text || null),
      );
};

/** `POST /api/agents/{id}/handover`: cash the agent brought to the counter (all or part). */
export const handoverBodySchema = requestBody({ amount: cashAmount(true), note: noteField(false) });
export type HandoverBody = z.infer<typeof handoverBodySchema>;

/**
 * `POST /api/agents/{id}/correction`: puts the agent's cash in hand right by `amount` rupees
 * (negative takes off), saying why; the wrong line stays as it was.
 */
export const correctionBodySchema = requestBody({
  amount: cashAmount(false),
  note: noteField(true),
});
export type CorrectionBody = z.infer<typeof correctionBodySchema>;

/** `POST /api/agents/{id}/handover` and `…/correction`: the line written and the new cash in hand. */
export const cashLineAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  cashInHand: z.number(),
  line: cashLineSchema,
});
export type CashLineAnswer = z.infer<typeof cashLineAnswerSchema>;

/** `GET /api/agents/report?date=YYYY-MM-DD[&format=csv]`. */
export const cashReportQuerySchema = z.object({
  date: dayField('date', 'date is required, as YYYY-MM-DD'),
  format: z.optional(z.enum(['json', 'csv'], { error: 'format must be json or csv' })),
});
export type CashReportQuery = z.infer<typeof cashReportQuerySchema>;

/**
 * One agent's day, in rupees. It always balances: openingInHand + cashCollected + corrections
 * − handedOver = closingInHand.
 */
export const agentDaySchema = z.object({
  agent: z.object({ _id: z.string(), name: z.string(), phone: z.string(), removed: z.boolean() }),
  deliveries: z.number(),
  openingInHand: z.number(),
  cashCollected: z.number(),
  /** Cash-on-delivery orders the agent collected online at the door. */
  onlineCollected: z.number(),
  corrections: z.number(),
  handedOver: z.number(),
  closingInHand: z.number(),
});
export type AgentDay = z.infer<typeof agentDaySchema>;
/** An agent's figures of the day, or the day's totals: an {@link AgentDay} without the agent. */
export type CashFigures = Omit<AgentDay, 'agent'>;

/**
 * The cash report's figure columns, left to right, after the agent's name: one definition for
 * the seller's Cash report screen, its CSV and the desktop app's printed page. A `money` column
 * is in rupees; the other counts.
 */
export const CASH_REPORT_COLUMNS = [
  { key: 'deliveries', label: 'Deliveries', money: false },
  { key: 'openingInHand', label: 'In hand at start', money: true },
  { key: 'cashCollected', label: 'Cash collected', money: true },
  { key: 'onlineCollected', label: 'Online at the door', money: true },
  { key: 'corrections', label: 'Corrections', money: true },
  { key: 'handedOver', label: 'Handed over', money: true },
  { key: 'closingInHand', label: 'In hand at end', money: true },
] as const satisfies readonly { key: keyof CashFigures; label: string; money: boolean }[];

export const cashReportAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  agents: z.array(agentDaySchema),
  totals: z.omit(agentDaySchema, { agent: true }),
});
export type CashReportAnswer = z.infer<typeof cashReportAnswerSchema>;
