import { COUNTER_PAYMENTS, UNITS, type Unit } from '@kirana/shared';
import { defineEntity, p, type InferEntity, type InferKyselyDB } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, lineTaxProperties } from '../../db/base.js';
import { TaxDocumentSchema } from '../gst/gst.entity.js';
import { KhataCustomerSchema, type KhataEntrySchema } from '../khata/khata.entity.js';
import { ProductSchema } from '../product/product.entity.js';

/*
 * The till (docs/counter.md#the-till). Sales and returns are written with Kysely in one statement
 * each (counter-sale.service.ts, counter-returns.service.ts); these entities give their tables
 * and types.
 */

/**
 * A day of the till: opened with the float in the drawer, closed with the cash counted. At most
 * one is open (a unique index); its figures are stored as they stood when it closed.
 */
export const CounterDaySchema = defineEntity({
  name: 'CounterDay',
  tableName: 'counter_days',
  properties: {
    id: idProperty(),
    /** The shop's day it opened on, in the shop's time zone. */
    date: p.string().columnType('date'),
    openingFloatPaise: p.integer(),
    openedAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    // A day's sums, and the cash counted against them: 64-bit, as many bills add up past 32 bits.
    cashSalesPaise: p.bigint('number').nullable(),
    cashReturnsPaise: p.bigint('number').nullable(),
    handoversPaise: p.bigint('number').nullable(),
    /** Cash paid out of the drawer (a cancelled cash order's money given back). */
    payoutsPaise: p.bigint('number').nullable(),
    /** Khata payments received in cash while the day was open. */
    khataCashPaise: p.bigint('number').nullable(),
    expectedPaise: p.bigint('number').nullable(),
    countedPaise: p.bigint('number').nullable(),
    note: p.string().length(500).nullable(),
  },
  indexes: [{ properties: ['date'] }],
  uniques: [
    {
      name: 'counter_days_one_open',
      expression:
        'create unique index "counter_days_one_open" on "counter_days" ((closed_at is null)) where closed_at is null',
    },
  ],
  checks: [
    { name: 'counter_days_float_check', expression: 'opening_float_paise >= 0' },
    {
      name: 'counter_days_closed_check',
      expression:
        '(closed_at is null) = (counted_paise is null) and (closed_at is null) = (expected_paise is null)',
    },
  ],
});
export type CounterDay = InferEntity<typeof CounterDaySchema>;

/** A walk-in sale: its bill number, totals and payment, in paise. */
export const CounterSaleSchema = defineEntity({
  name: 'CounterSale',
  tableName: 'counter_sales',
  properties: {
    id: idProperty(),
    /** The bill's number, from a sequence: 1, 2, 3 … */
    number: p.integer().unique(),
    day: () => p.manyToOne(CounterDaySchema).index(),
    payment: p.enum(COUNTER_PAYMENTS),
    subtotalPaise: p.integer(),
    taxPaise: p.integer(),
    amountPaise: p.integer(),
    tenderedPaise: p.integer().nullable(),
    changePaise: p.integer().nullable(),
    refundedPaise: p.integer().default(0),
    /** A khata sale's customer (docs/counter.md#khata-sales). */
    customer: () => p.manyToOne(KhataCustomerSchema).nullable().index().deleteRule('restrict'),
    /** A khata sale's part put on the khata, and its parts paid now in cash and by UPI. */
    khataPaise: p.integer().nullable(),
    paidCashPaise: p.integer().nullable(),
    paidUpiPaise: p.integer().nullable(),
    /** The sale's `Idempotency-Key`, and a fingerprint of what it asked for. */
    idempotencyKey: p.string().length(255).nullable().unique(),
    fingerprint: p.string().length(64).nullable(),
    /** Its invoice, bill of supply or bill (docs/gst.md#numbers); null before bills were numbered. */
    taxDocument: () => p.oneToOne(TaxDocumentSchema).nullable().owner().deleteRule('restrict'),
    /** When it was made: for a sale made offline, the counter's `madeAt`. */
    createdAt: createdAtProperty(),
    /**
     * When a sale made offline reached the server (docs/counter.md#the-till-without-a-connection);
     * null for a sale made online.
     */
    receivedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['createdAt'] }],
  checks: [
    {
      name: 'counter_sales_cash_check',
      expression:
        "(payment = 'cash') = (tendered_paise is not null) and (tendered_paise is null) = (change_paise is null) and change_paise >= 0",
    },
    { name: 'counter_sales_refund_check', expression: 'refunded_paise between 0 and amount_paise' },
    {
      // A khata sale names its customer and puts something on the khata; its parts add up.
      name: 'counter_sales_khata_check',
      expression:
        "(payment = 'khata') = (customer_id is not null) and (payment = 'khata') = (khata_paise is not null) and (payment = 'khata') = (paid_cash_paise is not null) and (payment = 'khata') = (paid_upi_paise is not null) and khata_paise > 0 and paid_cash_paise >= 0 and paid_upi_paise >= 0 and khata_paise + paid_cash_paise + paid_upi_paise = amount_paise",
    },
  ],
});
export type CounterSale = InferEntity<typeof CounterSaleSchema>;

/** A line of a walk-in sale: the product as sold, and how many of its units came back. */
export const CounterSaleLineSchema = defineEntity({
  name: 'CounterSaleLine',
  tableName: 'counter_sale_lines',
  properties: {
    id: idProperty(),
    sale: () => p.manyToOne(CounterSaleSchema).index().deleteRule('cascade'),
    position: p.smallint(),
    product: () => p.manyToOne(ProductSchema).deleteRule('restrict'),
    name: p.string().length(200),
    /** Pieces, or grams (ml) at a price per kilo (litre): `unit` as sold. */
    quantity: p.integer(),
    unit: p.enum(UNITS).default('piece'),
    unitPricePaise: p.integer(),
    /** The product whose count the line takes from, and how much; null: its own (OrderItem's). */
    stockProduct: () => p.manyToOne(ProductSchema).nullable().deleteRule('restrict'),
    stockQuantity: p.integer().nullable().check('stock_quantity > 0'),
    /** The sale took `stockQuantity` of a counted product (a return puts them back). */
    stockTaken: p.boolean(),
    returned: p.integer().default(0),
    /** Units (grams, ml) of its stock product it took beyond the count (docs/counter.md#sold-past-the-count). */
    pastCount: p.integer().default(0),
    ...lineTaxProperties(),
  },
  checks: [
    { name: 'counter_sale_lines_quantity_check', expression: 'quantity > 0' },
    { name: 'counter_sale_lines_past_count_check', expression: 'past_count >= 0' },
    { name: 'counter_sale_lines_returned_check', expression: 'returned between 0 and quantity' },
  ],
});
export type CounterSaleLine = InferEntity<typeof CounterSaleLineSchema>;

/**
 * A counter device (a browser profile of the till) and its bill series for the sales it makes
 * offline, C1, C2 … (docs/counter.md#the-till-without-a-connection); the series' numbers are
 * counted in document_series as every series' are.
 */
export const CounterDeviceSchema = defineEntity({
  name: 'CounterDevice',
  tableName: 'counter_devices',
  properties: {
    series: p.string().length(8).primary(),
    name: p.string().length(40),
    createdAt: createdAtProperty(),
  },
});
export type CounterDevice = InferEntity<typeof CounterDeviceSchema>;

/** What a return gave back of a line: its product, name, units and money (paise). */
export interface ReturnedLine {
  product: string;
  name: string;
  /** Not said by returns from before loose goods: pieces. */
  unit?: Unit;
  quantity: number;
  amountPaise: number;
  /** The part of `amountPaise` that was taxable and its tax, as the line was sold (registered shops). */
  hsn?: string | null;
  gstRate?: number | null;
  taxablePaise?: number | null;
  cgstPaise?: number | null;
  sgstPaise?: number | null;
}

/** A return: units back to the shelf and money back to the customer, on the day it was made. */
export const CounterReturnSchema = defineEntity({
  name: 'CounterReturn',
  tableName: 'counter_returns',
  properties: {
    id: idProperty(),
    sale: () => p.manyToOne(CounterSaleSchema).index().deleteRule('cascade'),
    day: () => p.manyToOne(CounterDaySchema).index(),
    /** Given back the way the sale was paid. */
    payment: p.enum(COUNTER_PAYMENTS),
    amountPaise: p.integer(),
    lines: p.json<ReturnedLine[]>(),
    /** The return's `Idempotency-Key`, and a fingerprint of what it asked for. */
    idempotencyKey: p.string().length(255).nullable().unique(),
    fingerprint: p.string().length(64).nullable(),
    /** Its credit note (docs/gst.md#credit-notes); null before bills were numbered. */
    taxDocument: () => p.oneToOne(TaxDocumentSchema).nullable().owner().deleteRule('restrict'),
    createdAt: createdAtProperty(),
  },
  checks: [{ name: 'counter_returns_amount_check', expression: 'amount_paise >= 0' }],
});
export type CounterReturn = InferEntity<typeof CounterReturnSchema>;

/**
 * The till's tables, the products it sells, the khata it reads (its sales' customers, their
 * cash payments) and its sales' and returns' documents, as Kysely names them (columns in
 * snake_case). Khata entries are written by khata-ledger.ts alone, documents by tax-documents.ts.
 */
export type CounterTables = InferKyselyDB<
  | typeof KhataCustomerSchema
  | typeof KhataEntrySchema
  | typeof CounterDaySchema
  | typeof CounterSaleSchema
  | typeof CounterSaleLineSchema
  | typeof CounterReturnSchema
  | typeof CounterDeviceSchema
  | typeof ProductSchema
  | typeof TaxDocumentSchema
>;
