import { DOCUMENT_NUMBER_LENGTH } from '../domain/gst.js';
import { invoiceSchema, lineTaxSchema } from './gst.js';
import * as z from 'zod/mini';
import { UNITS } from '../domain/quantity.js';
import { MAX_ORDER_LINES } from '../limits.js';
import {
  dayField,
  idField,
  lineQuantityField,
  queryInt,
  readableText,
  requestBody,
  wholePaise,
} from './common.js';
import { productSchema } from './product.js';
import { deviceSeriesField, MAX_OFFLINE_NUMBER } from './counter-offline.js';

/*
 * The counter (docs/counter.md#the-till): the desktop app as the shop's till. Walk-in sales take
 * units from the same stock as online orders; a day of the till runs from its opening float to its
 * count of cash, beside the agents' handovers.
 */

/**
 * How a walk-in customer pays: cash into the drawer, UPI to the shop's id, or on their khata
 * (docs/khata.md, "The ledger"), with a part paid now in cash or UPI (a split).
 */
export const COUNTER_PAYMENTS = ['cash', 'upi', 'khata'] as const;
export type CounterPayment = (typeof COUNTER_PAYMENTS)[number];

/**
 * The most cash one field of the till takes, in rupees (a float, a count, a note tendered), and
 * the most one bill comes to: ten lakh, far beyond a shop's drawer.
 */
export const MAX_TILL_AMOUNT = 1_000_000;

/** A barcode or the shop's own code, as a scanner types it or the seller does. */
const codeField = (field: string) =>
  z
    .string({ error: `${field} must be a barcode or the shop's code` })
    .check(
      z.trim(),
      z.minLength(1, `${field} must be a barcode or the shop's code`),
      z.maxLength(64, `${field} must be at most 64 characters`),
      ...readableText(field),
    );

/**
 * The most cash counted in the drawer at a day's close, in rupees: a day of many bills holds
 * more than one bill takes.
 */
export const MAX_COUNTED_CASH = 100_000_000;

/** Rupees with at most two decimals, from 0 to `max`, named `field`. */
const tillAmount = (field: string, max = MAX_TILL_AMOUNT) =>
  z.number({ error: `${field} must be a number of rupees` }).check(
    z.refine(
      (amount) => Number.isFinite(amount) && amount >= 0 && amount <= max,
      `${field} must be from 0 to ${max} rupees`,
    ),
    z.refine(wholePaise, `${field} must have at most two decimals (whole paise)`),
  );

/** `GET /api/counter/lookup?code=`: the product with this barcode or code. */
export const counterLookupQuerySchema = z.object({ code: codeField('code') });

/**
 * The answer: the live product whose barcode or code it is; for a weighing scale's label, its
 * product and the label's `quantity` in grams (millilitres).
 */
export const counterLookupAnswerSchema = z.object({
  success: z.literal(true),
  product: productSchema,
  quantity: z.optional(z.int()),
});
export type CounterLookupAnswer = z.infer<typeof counterLookupAnswerSchema>;

const ITEMS = 'items must be a list of { product or code, quantity }';

/**
 * `POST /api/counter/sales` (the seller), with an `Idempotency-Key` so that a retried sale is
 * one sale (the key sent again with another bill: 409 IDEMPOTENCY_KEY_REUSED). Each item names its product by id or by barcode/code. Prices and totals are the
 * server's; `tendered` is the cash handed over (none: the exact amount).
 */
export const counterSaleBodySchema = requestBody({
  items: z
    .array(
      z
        .object(
          {
            product: z.optional(idField('items.product')),
            code: z.optional(codeField('items.code')),
            /**
             * Pieces, or grams (millilitres) of a loose product; left out for a weighing scale's
             * label, whose quantity is the label's.
             */
            quantity: z.optional(lineQuantityField('items.quantity')),
            /**
             * An offline sale's price charged for a piece, or a kilo (litre) of a loose product,
             * in rupees: the price the counter last saw, printed on the customer's receipt, so
             * recorded as charged (docs/counter.md#the-till-without-a-connection). Only with
             * `offline`.
             */
            price: z.optional(tillAmount('items.price')),
          },
          { error: ITEMS },
        )
        .check(
          z.refine(
            (item) => (item.product === undefined) !== (item.code === undefined),
            'items: name each product by its id or by its code, not both',
          ),
        ),
      { error: ITEMS },
    )
    .check(
      z.minLength(1, `items must list 1 to ${MAX_ORDER_LINES} products`),
      z.maxLength(MAX_ORDER_LINES, `items must list 1 to ${MAX_ORDER_LINES} products`),
    ),
  payment: z.enum(COUNTER_PAYMENTS, { error: "payment must be 'cash', 'upi' or 'khata'" }),
  /** Cash handed over for a cash sale (none: the exact amount). */
  tendered: z.optional(tillAmount('tendered')),
  /** The khata customer a `khata` sale goes on (and only a khata sale names one). */
  customer: z.optional(idField('customer')),
  /**
   * A khata sale's part paid now, in cash into the drawer and by UPI (a split): the rest of the
   * bill goes on the khata, so it must leave something for it.
   */
  paid: z.optional(
    z.object(
      { cash: z.optional(tillAmount('paid.cash')), upi: z.optional(tillAmount('paid.upi')) },
      { error: 'paid must be { cash?, upi? } in rupees' },
    ),
  ),
  /**
   * The total the seller showed the customer (and a UPI QR asked for): a bill whose prices have
   * changed since is refused (409 BILL_CHANGED), never charged otherwise than shown.
   */
  amount: z.optional(
    z
      .number({ error: 'amount must be a number of rupees' })
      .check(z.refine(wholePaise, 'amount must have at most two decimals (whole paise)')),
  ),
  /**
   * The seller's word that the customer holds the packet of a product counted at 0 (or fewer
   * than sold): it is sold anyway, its count stays at 0 and the units beyond it are its
   * `pastCount`. Without it such a sale is refused (409 OUT_OF_STOCK). Not part of what the
   * Idempotency-Key stands for: the sale resent with it is the same sale.
   */
  sellPastCount: z.optional(z.boolean({ error: 'sellPastCount must be true or false' })),
  /**
   * A sale the counter made while the server could not be reached, sent when it could
   * (docs/counter.md#the-till-without-a-connection): made at `madeAt`, numbered `number` in the
   * series of counter `device` (`POST /api/counter/devices`). It already happened, so it is
   * recorded at `madeAt` at the prices it was charged, past the count and past a khata's limit
   * if need be, never refused for them.
   */
  offline: z.optional(
    z.object(
      {
        madeAt: z.iso.datetime({ offset: true, error: 'offline.madeAt must be an ISO time' }),
        device: deviceSeriesField('offline.device'),
        number: z
          .int({ error: 'offline.number must be a whole number' })
          .check(
            z.minimum(1, `offline.number must be from 1 to ${MAX_OFFLINE_NUMBER}`),
            z.maximum(MAX_OFFLINE_NUMBER, `offline.number must be from 1 to ${MAX_OFFLINE_NUMBER}`),
          ),
      },
      { error: 'offline must be { madeAt, device, number }' },
    ),
  ),
}).check(
  z.refine(
    (body) => body.payment !== 'khata' || body.customer !== undefined,
    'customer is required for a khata sale: choose whose khata it goes on',
  ),
  z.refine(
    (body) => body.payment === 'khata' || body.customer === undefined,
    "customer is for a khata sale only: send payment 'khata' with it",
  ),
  z.refine(
    (body) => body.payment === 'khata' || body.paid === undefined,
    "paid is for a khata sale only (the part paid now): send payment 'khata' with it",
  ),
  z.refine(
    (body) => body.payment !== 'khata' || body.tendered === undefined,
    'tendered is for cash sales: a khata sale says what is paid now in paid.cash',
  ),
  z.refine(
    (body) => body.offline !== undefined || body.items.every((item) => item.price === undefined),
    'items.price is for an offline sale only: the server prices a sale made online',
  ),
  z.refine(
    (body) =>
      body.offline === undefined ||
      body.items.every((item) => item.product !== undefined && item.price !== undefined),
    'items of an offline sale name their product by id, with the price charged',
  ),
);
export type CounterSaleBody = z.infer<typeof counterSaleBodySchema>;

/**
 * One line of a sale, amounts in rupees; `returned` of its units have come back. Sold by `unit`:
 * pieces, or grams (millilitres) at a price per kilo (litre).
 */
export const counterSaleLineSchema = z.object({
  product: z.string(),
  name: z.string(),
  unit: z.enum(UNITS),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  returned: z.number(),
  ...lineTaxSchema.shape,
});
export type CounterSaleLine = z.infer<typeof counterSaleLineSchema>;

/** A walk-in sale: its bill number, lines and totals, how it was paid, and what was given back. */
export const counterSaleSchema = z.object({
  _id: z.string(),
  number: z.number(),
  /** Its invoice, bill of supply or bill (docs/gst.md#numbers); null for a sale before them. */
  invoice: z.nullable(invoiceSchema),
  lines: z.array(counterSaleLineSchema),
  subtotal: z.number(),
  tax: z.number(),
  amount: z.number(),
  payment: z.enum(COUNTER_PAYMENTS),
  /** Cash handed over, and the change given; null for UPI and khata. */
  tendered: z.nullable(z.number()),
  change: z.nullable(z.number()),
  /**
   * A khata sale's customer: their balance just after this sale was recorded (what they owed
   * then) and their limit now; null for a cash or UPI sale.
   */
  customer: z.nullable(
    z.object({ _id: z.string(), name: z.string(), balance: z.number(), creditLimit: z.number() }),
  ),
  /** Rupees put on the khata: the bill less what was paid now; 0 but for a khata sale. */
  onKhata: z.number(),
  /** A khata sale's part paid now, in cash and by UPI; null for a cash or UPI sale. */
  paid: z.nullable(z.object({ cash: z.number(), upi: z.number() })),
  /** Money given back for returned units, in all. */
  refunded: z.number(),
  createdAt: z.iso.datetime(),
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

/**
 * A product a sale took past its count: `pastCount` units beyond what the count said were left
 * (the shelf wants counting).
 */
export const flaggedProductSchema = z.object({
  product: z.string(),
  name: z.string(),
  pastCount: z.int(),
});
export type FlaggedProduct = z.infer<typeof flaggedProductSchema>;

export const counterSaleAnswerSchema = z.object({
  success: z.literal(true),
  sale: counterSaleSchema,
  /** `POST /api/counter/sales` only: what the sale took past the count (none: empty). */
  flagged: z.optional(z.array(flaggedProductSchema)),
});
export type CounterSaleAnswer = z.infer<typeof counterSaleAnswerSchema>;

/** Bill numbers are 32-bit. */
const MAX_BILL_NUMBER = 2_147_483_647;

/** The most sales one page of `GET /api/counter/sales` lists. */
export const COUNTER_SALES_PAGE = 50;

const BILL_NUMBER_EXPECTED =
  'number must be a bill number as its receipt prints it, such as KS/26-27/12 or 12';

/**
 * `GET /api/counter/sales?date=&before=`: the sales of the till's days that opened on `date`
 * (none: the open day's, else the shop's today's), newest first, a page at a time; or
 * `?number=`: the bill with that number on its receipt, whatever its day (a customer back with
 * one): its invoice's number as printed, or only its last part, this financial year's (a bill
 * from before numbered invoices by its own number).
 */
export const counterSalesQuerySchema = z.object({
  date: z.optional(dayField('date')),
  /** The till's own count the page starts below (the last one of the page before); none: the newest. */
  before: queryInt('before', 1, MAX_BILL_NUMBER, MAX_BILL_NUMBER),
  number: z.optional(
    z.string({ error: BILL_NUMBER_EXPECTED }).check(
      z.trim(),
      z.toUpperCase(),
      // Nine digits at most: every number fits the 32 bits the bills are counted in.
      z.regex(/^(?:[A-Z0-9-]+\/)*[1-9]\d{0,8}$/, BILL_NUMBER_EXPECTED),
      z.maxLength(DOCUMENT_NUMBER_LENGTH, BILL_NUMBER_EXPECTED),
    ),
  ),
});

export const counterSalesAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  sales: z.array(counterSaleSchema),
  /** Whether older sales of the day follow (ask with `before` = the last number). */
  more: z.boolean(),
});
export type CounterSalesAnswer = z.infer<typeof counterSalesAnswerSchema>;

/**
 * `POST /api/counter/sales/{id}/return`: which units come back, with an `Idempotency-Key` so
 * that a retried return gives back once.
 */
export const counterReturnBodySchema = requestBody({
  lines: z
    .array(
      z.object(
        { product: idField('lines.product'), quantity: lineQuantityField('lines.quantity') },
        { error: 'lines must be a list of { product, quantity }' },
      ),
      { error: 'lines must be a list of { product, quantity }' },
    )
    .check(
      z.minLength(1, `lines must list 1 to ${MAX_ORDER_LINES} products`),
      z.maxLength(MAX_ORDER_LINES, `lines must list 1 to ${MAX_ORDER_LINES} products`),
    ),
});
export type CounterReturnBody = z.infer<typeof counterReturnBodySchema>;

/**
 * A return: the units that came back and the money given back, the way the sale was paid; for a
 * khata sale (a split too), all of it goes back on the khata as a `return` entry.
 */
export const counterReturnSchema = z.object({
  _id: z.string(),
  sale: z.string(),
  lines: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      unit: z.enum(UNITS),
      quantity: z.number(),
      amount: z.number(),
      ...lineTaxSchema.shape,
    }),
  ),
  amount: z.number(),
  payment: z.enum(COUNTER_PAYMENTS),
  /** Its credit note, naming the sale's invoice (docs/gst.md#credit-notes); null before them. */
  creditNote: z.nullable(invoiceSchema),
  createdAt: z.iso.datetime(),
});
export type CounterReturn = z.infer<typeof counterReturnSchema>;

export const counterReturnAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  return: counterReturnSchema,
  sale: counterSaleSchema,
});
export type CounterReturnAnswer = z.infer<typeof counterReturnAnswerSchema>;

/** `POST /api/counter/day/open`: the cash in the drawer as the day starts. */
export const counterDayOpenBodySchema = requestBody({
  openingFloat: tillAmount('openingFloat'),
});

/** `POST /api/counter/day/close`: the cash counted in the drawer, and why it differs. */
export const counterDayCloseBodySchema = requestBody({
  countedCash: tillAmount('countedCash', MAX_COUNTED_CASH),
  note: z.optional(
    z
      .string({ error: 'note must be text' })
      .check(
        z.trim(),
        z.maxLength(500, 'note must be at most 500 characters'),
        ...readableText('note'),
      ),
  ),
});

/**
 * A day of the till, amounts in rupees: expected = openingFloat + cashSales − cashReturns +
 * handovers (the agents' cash brought to the counter while it was open) + khataCash − payouts
 * (cash paid out of the drawer meanwhile: a cancelled cash order's money given back). Counted
 * and the difference (counted − expected) once closed. cashSales and upiSales count what came
 * in each way, a khata sale's part paid now (a split) included; khataSales is what went on
 * customers' khatas.
 */
export const counterDaySchema = z.object({
  _id: z.string(),
  /** The shop's day it opened on, YYYY-MM-DD. */
  date: z.string(),
  openedAt: z.iso.datetime(),
  closedAt: z.nullable(z.iso.datetime()),
  openingFloat: z.number(),
  sales: z.number(),
  cashSales: z.number(),
  upiSales: z.number(),
  /** Rupees of the day's sales put on customers' khatas (not paid now). */
  khataSales: z.number(),
  /** Khata payments received in cash while the day was open: in the drawer. */
  khataCash: z.number(),
  cashReturns: z.number(),
  upiReturns: z.number(),
  handovers: z.number(),
  payouts: z.number(),
  expected: z.number(),
  counted: z.nullable(z.number()),
  difference: z.nullable(z.number()),
  note: z.nullable(z.string()),
});
export type CounterDay = z.infer<typeof counterDaySchema>;

/** `POST /api/counter/day/open|close`, and `GET /api/counter/day` (the open day, or null). */
export const counterDayAnswerSchema = z.object({
  success: z.literal(true),
  day: z.nullable(counterDaySchema),
});
export type CounterDayAnswer = z.infer<typeof counterDayAnswerSchema>;

/** `GET /api/counter/days?date=`: the till's days that opened on a day of the shop. */
export const counterDaysQuerySchema = z.object({ date: dayField('date', 'date is required') });

export const counterDaysAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  days: z.array(counterDaySchema),
});
export type CounterDaysAnswer = z.infer<typeof counterDaysAnswerSchema>;

/** The widths of paper thermal receipt printers take, in millimetres. */
export const RECEIPT_WIDTHS = [58, 80] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];

/**
 * `GET /api/counter/sales/{id}/receipt?format=escpos|html&width=58|80&drawer=1`: the receipt as
 * ESC/POS bytes for a thermal printer (`drawer=1` also opens the cash drawer on it), or as an
 * HTML page for any printer and for a browser.
 */
export const receiptQuerySchema = z.object({
  format: z._default(
    z.enum(['escpos', 'html'], { error: "format must be 'escpos' or 'html'" }),
    'html',
  ),
  width: z.pipe(
    z._default(z.enum(['58', '80'], { error: 'width must be 58 or 80 (mm)' }), '80'),
    z.transform((width) => Number(width) as ReceiptWidth),
  ),
  drawer: z.pipe(
    z._default(z.enum(['0', '1'], { error: 'drawer must be 0 or 1' }), '0'),
    z.transform((drawer) => drawer === '1'),
  ),
});
