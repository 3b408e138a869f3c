import * as z from 'zod/mini';
import {
  dayField,
  idField,
  paiseOf,
  queryInt,
  readableText,
  requestBody,
  requiredText,
  wholePaise,
} from './common.js';
import { providerOrderSchema } from './payment.js';

/*
 * The khata (docs/khata.md): credit for the shop's regulars. A customer buys now and pays later;
 * every rupee owed or paid is an entry of their ledger, and entries are only ever added: the
 * balance (what the customer owes) is their sum.
 */

/**
 * What an entry is: `credit` (a counter sale or a delivered online order put on the khata: the
 * customer owes more), `payment` (cash, UPI or online: owes less), `return` (goods taken back:
 * owes less), `adjustment` (signed, with a reason: a paper khata's opening balance, a mistake).
 */
export const KHATA_ENTRY_KINDS = ['credit', 'payment', 'return', 'adjustment'] as const;
export type KhataEntryKind = (typeof KHATA_ENTRY_KINDS)[number];

/** How a payment came: into the till's drawer, by UPI to the shop, or online from the storefront. */
export const KHATA_PAYMENT_METHODS = ['cash', 'upi', 'online'] as const;
export type KhataPaymentMethod = (typeof KHATA_PAYMENT_METHODS)[number];

/** The most one customer's credit limit, and one payment or adjustment, may be, in rupees. */
export const MAX_KHATA_AMOUNT = 10_000_000;

/** The most customers or entries one page lists. */
export const KHATA_PAGE_SIZE = 50;

/** Days since a customer began to owe, in the Khata screen's columns: 0–30, 31–60, 60+. */
export const KHATA_AGEING = ['0-30', '31-60', '60+'] as const;
export type KhataAgeing = (typeof KHATA_AGEING)[number];

/** The ageing column of a customer who has owed since `since`, at `now`. */
export function khataAgeing(since: Date, now: Date): KhataAgeing {
  const days = Math.floor((now.getTime() - since.getTime()) / 86_400_000);
  return days <= 30 ? '0-30' : days <= 60 ? '31-60' : '60+';
}

/** An Indian mobile number as people type it (+91, 0, spaces, dashes), kept as its 10 digits. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** An Indian mobile number named `field`, stored as its ten digits. */
export function indianMobileField(field = 'phone') {
  return z.string({ error: `${field} is required` }).check(
    z.trim(),
    z.overwrite((phone) => phone.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0)/, '')),
    z.regex(INDIAN_MOBILE, `${field} must be an Indian mobile number: 10 digits starting 6 to 9`),
  );
}

/** Rupees with at most two decimals: more than 0 (or, `signed`, not 0) and at most the most. */
function khataAmount(field: string, { signed = false, zero = false } = {}) {
  const range = signed
    ? `${field} must not be 0 and at most ${MAX_KHATA_AMOUNT} rupees either way`
    : zero
      ? `${field} must be from 0 to ${MAX_KHATA_AMOUNT} rupees`
      : `${field} must be more than 0 and at most ${MAX_KHATA_AMOUNT} rupees`;
  return z.number({ error: `${field} must be a number of rupees` }).check(
    z.refine((amount) => {
      if (!Number.isFinite(amount) || Math.abs(amount) > MAX_KHATA_AMOUNT) return false;
      const paise = paiseOf(amount);
      return signed ? paise !== 0 : zero ? paise >= 0 : paise > 0;
    }, range),
    z.refine(wholePaise, `${field} must have at most two decimals (whole paise)`),
  );
}

/** An optional note or reason, trimmed; empty is none. */
const noteText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.maxLength(max, `${field} must be at most ${max} characters`),
      ...readableText(field),
    );

/**
 * `POST /api/khata/customers` and `PUT /api/khata/customers/{id}` (the seller): who the customer
 * is, how much credit the shop gives them (0: none), the shopper account it is (null: none).
 */
export const khataCustomerBodySchema = requestBody({
  name: requiredText('name'),
  phone: indianMobileField(),
  creditLimit: khataAmount('creditLimit', { zero: true }),
  shopper: z.optional(z.nullable(idField('shopper'))),
  note: z.optional(z.nullable(noteText('note', 500))),
});
export type KhataCustomerBody = z.infer<typeof khataCustomerBodySchema>;

/** A customer, amounts in rupees: `balance` is what they owe (negative: the shop owes them). */
export const khataCustomerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  creditLimit: z.number(),
  /** The shopper account linked to this khata: its orders may be put on it. */
  shopper: z.nullable(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
  note: z.nullable(z.string()),
  balance: z.number(),
  /** Since when the customer has owed without a break (null: they owe nothing). */
  oldestUnpaidAt: z.nullable(z.iso.datetime()),
  createdAt: z.iso.datetime(),
});
export type KhataCustomer = z.infer<typeof khataCustomerSchema>;

export const khataCustomerAnswerSchema = z.object({
  success: z.literal(true),
  customer: khataCustomerSchema,
});
export type KhataCustomerAnswer = z.infer<typeof khataCustomerAnswerSchema>;

/** `GET /api/khata/customers?q=&owing=&page=`: `q` a name or a phone number's digits. */
export const khataCustomersQuerySchema = z.object({
  q: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(100, 'q must be at most 100 characters'), ...readableText('q')),
  ),
  /** `true`: only customers who owe, the longest owing first. */
  owing: z.optional(z.enum(['true', 'false'], { error: "owing must be 'true' or 'false'" })),
  page: queryInt('page', 1, 10_000, 1),
});

/** A page of customers; `toCollect` is what every customer owes together. */
export const khataCustomersAnswerSchema = z.object({
  success: z.literal(true),
  customers: z.array(khataCustomerSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
  toCollect: z.number(),
});
export type KhataCustomersAnswer = z.infer<typeof khataCustomersAnswerSchema>;

/** One entry of a ledger, amounts in rupees; `amount` signed: positive, the customer owes more. */
export const khataEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(KHATA_ENTRY_KINDS),
  amount: z.number(),
  /** What the customer owed once this entry was written. */
  balance: z.number(),
  /** A payment's way. */
  method: z.nullable(z.enum(KHATA_PAYMENT_METHODS)),
  /**
   * What caused it: a counter sale (its bill's number as its receipt prints it, `KS/26-27/12`,
   * docs/gst.md#numbers), an online order, a return.
   */
  sale: z.nullable(z.object({ _id: z.string(), number: z.string() })),
  orderId: z.nullable(z.string()),
  /** An adjustment's reason, a payment's note. */
  note: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
});
export type KhataEntry = z.infer<typeof khataEntrySchema>;

/** `GET /api/khata/customers/{id}/entries?before=`: the ledger, newest first, a page at a time. */
export const khataEntriesQuerySchema = z.object({
  /** The id of the last entry of the page before; none: the newest. */
  before: z.optional(idField('before')),
});

export const khataEntriesAnswerSchema = z.object({
  success: z.literal(true),
  customer: khataCustomerSchema,
  entries: z.array(khataEntrySchema),
  /** Whether older entries follow (ask with `before` = the last entry's id). */
  more: z.boolean(),
});
export type KhataEntriesAnswer = z.infer<typeof khataEntriesAnswerSchema>;

/** `POST /api/khata/customers/{id}/payments` (the seller): money received, in cash or by UPI. */
export const khataPaymentBodySchema = requestBody({
  amount: khataAmount('amount'),
  method: z.enum(['cash', 'upi'], { error: "method must be 'cash' or 'upi'" }),
  note: z.optional(z.nullable(noteText('note', 200))),
});
export type KhataPaymentBody = z.infer<typeof khataPaymentBodySchema>;

/** `POST /api/khata/customers/{id}/adjustments` (the seller): signed rupees, and why. */
export const khataAdjustmentBodySchema = requestBody({
  amount: khataAmount('amount', { signed: true }),
  reason: requiredText('reason', 200, 'reason is required: say what the adjustment puts right'),
});
export type KhataAdjustmentBody = z.infer<typeof khataAdjustmentBodySchema>;

/** A payment's or an adjustment's answer: the entry written and the customer as it now stands. */
export const khataEntryAnswerSchema = z.object({
  success: z.literal(true),
  entry: khataEntrySchema,
  customer: khataCustomerSchema,
});
export type KhataEntryAnswer = z.infer<typeof khataEntryAnswerSchema>;

/**
 * `GET /api/khata/customers/{id}/reminder`: a message for the seller to send from their own
 * phone (the server sends nothing): its text, a UPI link for the amount due, a WhatsApp link.
 */
export const khataReminderAnswerSchema = z.object({
  success: z.literal(true),
  text: z.string(),
  upiLink: z.nullable(z.string()),
  whatsappLink: z.string(),
});
export type KhataReminderAnswer = z.infer<typeof khataReminderAnswerSchema>;

/** `GET /api/khata/customers/{id}/statement?from=&to=&format=html|csv`: days of the shop. */
export const khataStatementQuerySchema = z.object({
  from: dayField('from', 'from is required'),
  to: dayField('to', 'to is required'),
  format: z._default(z.enum(['html', 'csv'], { error: "format must be 'html' or 'csv'" }), 'html'),
});

/**
 * `GET /api/khata/mine` (a shopper): their khata, if the shop linked one to their account.
 * `canPayLater`: the shop gives them credit (a limit above 0), so checkout offers "Pay later".
 */
export const myKhataAnswerSchema = z.object({
  success: z.literal(true),
  khata: z.nullable(
    z.object({
      balance: z.number(),
      creditLimit: z.number(),
      canPayLater: z.boolean(),
      oldestUnpaidAt: z.nullable(z.iso.datetime()),
      entries: z.array(khataEntrySchema),
      more: z.boolean(),
    }),
  ),
});
export type MyKhataAnswer = z.infer<typeof myKhataAnswerSchema>;

/** `POST /api/khata/import` (the seller): a CSV of customers and their opening balances. */
export const KHATA_IMPORT_COLUMNS = ['name', 'phone', 'creditLimit', 'balance', 'note'] as const;

/** One row of an import the server refused, and why; row 0 is the header. */
export const khataImportErrorSchema = z.object({ row: z.int(), message: z.string() });
export type KhataImportError = z.infer<typeof khataImportErrorSchema>;

/**
 * `POST /api/khata/import`'s answer: how many customers it added and how many it changed (an
 * existing phone: name, limit and note; its balance stays the ledger's). All or nothing: with
 * any error (a 400) nothing was written.
 */
export const khataImportAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  code: z.optional(z.string()),
  created: z.int(),
  updated: z.int(),
  errors: z.array(khataImportErrorSchema),
});
export type KhataImportAnswer = z.infer<typeof khataImportAnswerSchema>;

/** `GET /api/khata/shoppers?q=` (the seller): shopper accounts to link to a customer. */
export const khataShoppersQuerySchema = z.object({
  q: z._default(
    z
      .string()
      .check(z.trim(), z.maxLength(100, 'q must be at most 100 characters'), ...readableText('q')),
    '',
  ),
});

/** At most 10 shopper accounts whose e-mail or name holds `q`, by name. */
export const KHATA_SHOPPERS_LISTED = 10;

export const khataShoppersAnswerSchema = z.object({
  success: z.literal(true),
  shoppers: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});
export type KhataShoppersAnswer = z.infer<typeof khataShoppersAnswerSchema>;

/** `GET /api/khata/mine?before=`: the shopper's khata, its entries a page at a time. */
export const myKhataQuerySchema = khataEntriesQuerySchema;

/**
 * `POST /api/khata/mine/pay` (a shopper): pay `amount` rupees of what they owe online; at most
 * their balance, and at least ₹1 (the provider's least).
 */
export const myKhataPayBodySchema = requestBody({ amount: khataAmount('amount') });
export type MyKhataPayBody = z.infer<typeof myKhataPayBodySchema>;

/** The provider order to open Checkout with, as `POST /api/order/razorpay` answers it. */
export const myKhataPayAnswerSchema = z.object({
  success: z.literal(true),
  order: providerOrderSchema,
});
export type MyKhataPayAnswer = z.infer<typeof myKhataPayAnswerSchema>;
