/**
 * Documents for the month's tests (gstr1.property.test.ts, gst.test.ts), issued as sales and
 * returns issue them: through issueDocument, each line's tax by the mode's rule.
 */
import { lineAmount, saleDocumentKind, taxOfLine, type TaxMode, type Unit } from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ShopSettingsSchema } from '../modules/shop/shop.entity.js';
import {
  issueDocument,
  type DocumentLineInput,
  type IssuedDocument,
} from '../modules/gst/tax-documents.js';

/** How many sales the till has recorded, or documents were issued: what a refusal must not add. */
export async function rowsIn(orm: MikroORM, table: 'counter_sales' | 'tax_documents') {
  const { count } = await orm.em
    .fork()
    .getKysely<{ counter_sales: object; tax_documents: object }>()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A valid GSTIN (Maharashtra, 27). */
export const GSTIN = '27AAPFU0939F1ZV';
export const TIME_ZONE = 'Asia/Kolkata';

/** A line to sell: what it is, its HSN and rate (percent), unit, quantity and price per unit. */
export interface SoldLine {
  description: string;
  hsn: string | null;
  gstRate: number | null;
  unit: Unit;
  quantity: number;
  pricePaise: number;
}

/** `line` as a document in `mode` carries it. */
export function documentLine(mode: TaxMode, line: SoldLine): DocumentLineInput {
  const amountPaise = lineAmount(line.pricePaise, line.quantity, line.unit);
  return {
    product: null,
    description: line.description,
    hsn: line.hsn,
    gstRate: line.gstRate,
    unit: line.unit,
    quantity: line.quantity,
    unitPricePaise: line.pricePaise,
    amountPaise,
    tax: taxOfLine(mode, amountPaise, line.gstRate),
  };
}

/** The shop in `mode` (registered ones with GSTIN, legal name, prefix `K`), on India's clock. */
export async function setShopMode(orm: MikroORM, mode: TaxMode): Promise<void> {
  const registered = mode === 'regular' || mode === 'composition';
  await orm.em.fork().nativeUpdate(
    ShopSettingsSchema,
    { id: 1 },
    {
      tax: mode,
      gstin: registered ? GSTIN : '',
      legalName: registered ? 'Kirana Stores LLP' : '',
      invoicePrefix: 'K',
      timeZone: TIME_ZONE,
    },
  );
}

const issuing = (mode: TaxMode) => ({
  tax: mode,
  gstin: mode === 'regular' || mode === 'composition' ? GSTIN : '',
  invoicePrefix: 'K',
  timeZone: TIME_ZONE,
});

/** A sale's document in `mode` at `at`. */
export function issueSale(
  orm: MikroORM,
  mode: TaxMode,
  at: Date,
  lines: readonly SoldLine[],
): Promise<IssuedDocument> {
  return orm.em.fork().transactional((tx) =>
    issueDocument(tx, issuing(mode), {
      series: 'INV',
      kind: saleDocumentKind(mode),
      at,
      lines: lines.map((line) => documentLine(mode, line)),
    }),
  );
}

/** A credit note in `mode` at `at` taking `lines` back from `invoice`. */
export function issueCreditNote(
  orm: MikroORM,
  mode: TaxMode,
  at: Date,
  invoice: IssuedDocument,
  lines: readonly SoldLine[],
): Promise<IssuedDocument> {
  return orm.em.fork().transactional((tx) =>
    issueDocument(tx, issuing(mode), {
      series: 'CN',
      kind: 'credit-note',
      at,
      refersTo: invoice.id,
      lines: lines.map((line) => documentLine(mode, line)),
    }),
  );
}

/** The instant of `day` (YYYY-MM-DD) at `hhmm` on India's clock (UTC+5:30, no summer time). */
export function indiaTime(day: string, hhmm: string): Date {
  return new Date(`${day}T${hhmm}:00+05:30`);
}
