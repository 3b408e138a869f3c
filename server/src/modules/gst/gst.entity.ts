import { DOCUMENT_KINDS, TAX_MODES, UNITS } from '@kirana/shared';
import { defineEntity, p, type InferEntity, type InferKyselyDB } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { OrderSchema } from '../order/order.entity.js';
import { ProductSchema } from '../product/product.entity.js';

/*
 * The bill the law asks for (docs/gst.md): the numbers each series has given in each financial
 * year, and the documents themselves — invoices, bills of supply, bills and credit notes — with
 * their lines as issued. Written with Kysely (tax-documents.ts); documents are never changed.
 */

/**
 * The last number a series gave in a financial year. Taking the next one updates this row in the
 * sale's own transaction: a sale that fails rolls its number back (no gap), and two at once take
 * turns on the row (never one number twice).
 */
export const DocumentSeriesSchema = defineEntity({
  name: 'DocumentSeries',
  tableName: 'document_series',
  properties: {
    /** `INV`, `CN`, or an offline counter's own. */
    series: p.string().length(8).primary(),
    /** The financial year's first calendar year: 2026 for 26-27. */
    year: p.smallint().primary(),
    lastNumber: p.integer(),
  },
});

/**
 * A document as issued: its series, year and number, kind, date, the tax mode it was issued in,
 * what it is for (an online order, a counter sale, a counter return) and, for a credit note, the
 * invoice it reverses; its sums in paise (a credit note's are positive: it takes them away).
 * An online order's documents name it here; a counter sale and a counter return name theirs
 * (counter.entity.ts), the counter being above this module.
 */
export const TaxDocumentSchema = defineEntity({
  name: 'TaxDocument',
  tableName: 'tax_documents',
  properties: {
    id: idProperty(),
    series: p.string().length(8),
    year: p.smallint(),
    number: p.integer(),
    /** The number as printed, `PREFIX/26-27/123`, at most 16 characters. */
    printed: p.string().length(16),
    kind: p.enum(DOCUMENT_KINDS),
    mode: p.enum(TAX_MODES),
    issuedAt: p.datetime(),
    /** The day it was issued on the shop's clock, which its month and year are read by. */
    date: p.string().columnType('date'),
    /** The shop's GSTIN when issued, and the place of supply (its state); empty: unregistered. */
    gstin: p.string().length(15).default(''),
    placeOfSupply: p.string().length(2).default(''),
    /** An online order's invoice, or the credit note of its cancellation after it. */
    order: () => p.manyToOne(OrderSchema).nullable().deleteRule('restrict'),
    /** A credit note's invoice. */
    refersTo: () => p.manyToOne(TaxDocumentSchema).nullable().index().deleteRule('restrict'),
    taxablePaise: p.bigint('number'),
    cgstPaise: p.bigint('number'),
    sgstPaise: p.bigint('number'),
    amountPaise: p.bigint('number'),
    /**
     * Why its number is cancelled (docs/gst.md#cancelled-numbers), null for a document that
     * stands: a cancelled one has no lines and nothing in its sums.
     */
    cancelledReason: p.text().nullable(),
    createdAt: createdAtProperty(),
  },
  uniques: [
    { properties: ['series', 'year', 'number'] },
    {
      // An order has one invoice, and at most one credit note.
      name: 'tax_documents_order_kind_unique',
      expression:
        'create unique index "tax_documents_order_kind_unique" on "tax_documents" ("order_id", (kind = \'credit-note\')) where order_id is not null',
    },
  ],
  indexes: [{ properties: ['date'] }],
  checks: [
    {
      name: 'tax_documents_credit_note_check',
      expression: "(kind = 'credit-note') = (refers_to_id is not null)",
    },
    {
      name: 'tax_documents_sums_check',
      expression: 'taxable_paise + cgst_paise + sgst_paise = amount_paise and amount_paise >= 0',
    },
  ],
});
export type TaxDocument = InferEntity<typeof TaxDocumentSchema>;

/** A line of a document as issued: what was sold (or taken back), and its tax. */
export const TaxDocumentLineSchema = defineEntity({
  name: 'TaxDocumentLine',
  tableName: 'tax_document_lines',
  properties: {
    id: idProperty(),
    document: () => p.manyToOne(TaxDocumentSchema).index().deleteRule('cascade'),
    position: p.smallint(),
    /** Null for a line that is no product: the delivery charge. */
    product: () => p.manyToOne(ProductSchema).nullable().deleteRule('restrict'),
    description: p.string().length(200),
    hsn: p.string().length(8).nullable(),
    /** Hundredths of a percent: 5 % is 500. */
    gstRate: p.smallint().nullable(),
    unit: p.enum(UNITS),
    quantity: p.integer(),
    unitPricePaise: p.integer(),
    amountPaise: p.integer(),
    taxablePaise: p.integer(),
    cgstPaise: p.integer(),
    sgstPaise: p.integer(),
  },
  uniques: [{ properties: ['document', 'position'] }],
  checks: [
    {
      name: 'tax_document_lines_sums_check',
      expression: 'taxable_paise + cgst_paise + sgst_paise = amount_paise and amount_paise >= 0',
    },
  ],
});
export type TaxDocumentLine = InferEntity<typeof TaxDocumentLineSchema>;

/** The tables documents are written to and read from. */
export type GstTables = InferKyselyDB<
  typeof DocumentSeriesSchema | typeof TaxDocumentSchema | typeof TaxDocumentLineSchema
>;
