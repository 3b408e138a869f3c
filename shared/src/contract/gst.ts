import * as z from 'zod/mini';
import { DOCUMENT_KINDS, TAX_MODES } from '../domain/gst.js';

/*
 * The bill the law asks for (docs/gst.md): the document every sale, return and cancellation
 * answers with, each line's tax, and the month's GSTR-1 with the seller's GST screen. Rupees as
 * numbers with two decimals, as elsewhere.
 */

/**
 * A sale's or return's document: its printed number (`PREFIX/26-27/123`), its series (`INV`,
 * `CN`), its date on the shop's clock (YYYY-MM-DD) and its kind.
 */
export const invoiceSchema = z.object({
  number: z.string(),
  series: z.string(),
  date: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  /** A credit note's: the number of the invoice it reverses. */
  refersTo: z.optional(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * A line's tax as it was when sold: its HSN code and rate (null for a product without them, or
 * in the spec's mode), and its taxable value and CGST and SGST (null unless the shop was
 * registered, `regular`, when it was sold).
 */
export const lineTaxSchema = z.object({
  hsn: z.nullable(z.string()),
  gstRate: z.nullable(z.number()),
  taxable: z.nullable(z.number()),
  cgst: z.nullable(z.number()),
  sgst: z.nullable(z.number()),
});
export type LineTaxAnswer = z.infer<typeof lineTaxSchema>;

const MONTH_EXPECTED = 'month must be a month as YYYY-MM, such as 2026-11';

/** A month of the calendar as YYYY-MM. */
const monthField = z
  .string({ error: MONTH_EXPECTED })
  .check(z.trim(), z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_EXPECTED));

/**
 * The GSTR-1 tables a CSV download holds, one a file, as the portal's offline tool reads them:
 * B2C (small), nil-rated supplies (`exemp`), the HSN summary and the documents issued.
 */
export const GSTR1_TABLES = ['b2cs', 'exemp', 'hsn', 'docs'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/**
 * `GET /api/gst/gstr1?month=YYYY-MM` (the portal's JSON; `&format=csv&table=b2cs|hsn|docs` one of
 * its tables as CSV; `exemp` too), `GET /api/gst/summary?month=` and `GET /api/gst/register?month=` (the sales
 * register, CSV).
 */
export const gstMonthQuerySchema = z
  .object({
    month: monthField,
    format: z.optional(z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" })),
    table: z.optional(
      z.enum(GSTR1_TABLES, { error: "table must be 'b2cs', 'exemp', 'hsn' or 'docs'" }),
    ),
  })
  .check(
    z.refine(
      (query) => (query.format === 'csv') === (query.table !== undefined),
      'table names the GSTR-1 table a CSV holds (b2cs, exemp, hsn or docs), and goes with format=csv only',
    ),
  );
export type GstMonthQuery = z.infer<typeof gstMonthQuerySchema>;

/**
 * One rate's sums in a month (or on a bill): taxable value, CGST, SGST and the amount; `rate`
 * null for what was sold without one (outside the `regular` mode).
 */
export const rateSumSchema = z.object({
  rate: z.nullable(z.number()),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  amount: z.number(),
});
export type RateSum = z.infer<typeof rateSumSchema>;

/** A series' documents issued in the month: the first and last number, how many. */
export const seriesIssuedSchema = z.object({
  series: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  from: z.string(),
  to: z.string(),
  count: z.int(),
});

/**
 * `GET /api/gst/summary?month=YYYY-MM` (seller): the month's sales by rate, net of credit notes,
 * and the documents issued, as the GST screen shows them.
 */
export const gstSummaryAnswerSchema = z.object({
  success: z.literal(true),
  month: z.string(),
  tax: z.enum(TAX_MODES),
  gstin: z.string(),
  byRate: z.array(rateSumSchema),
  total: z.omit(rateSumSchema, { rate: true }),
  documents: z.array(seriesIssuedSchema),
});
export type GstSummaryAnswer = z.infer<typeof gstSummaryAnswerSchema>;
