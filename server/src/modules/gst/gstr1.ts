/**
 * The month's GSTR-1 (docs/gst.md#gstr-1): the GST portal's JSON of the documents a registered
 * shop issued in a month, and the same tables as the offline tool's CSV files. Reads only the
 * documents (gst-month-queries.ts), those issued in the `regular` mode.
 */
import { toRupees, type Gstr1Table, type Unit } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { spreadsheetCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import { readShop } from '../shop/shop.service.js';
import {
  documentsIssued,
  registeredGstin,
  sumsByHsn,
  sumsByPlaceAndRate,
  type TaxSums,
} from './gst-month-queries.js';

/** A B2C (small) row: the month's taxable supplies to consumers at one rate in one state. */
export interface B2csRow {
  sply_ty: 'INTRA';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt: 0;
  camt: number;
  samt: number;
  csamt: 0;
}

/** An HSN summary row (Table 12): one code, rate and unit of quantity. */
export interface HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: Uqc;
  qty: number;
  rt: number;
  txval: number;
  iamt: 0;
  camt: number;
  samt: number;
  csamt: 0;
}

/** One series' documents of a kind (Table 13). */
export interface DocsRow {
  num: number;
  from: string;
  to: string;
  totnum: number;
  /** Its numbers cancelled (docs/gst.md#cancelled-numbers), counted in `totnum` too. */
  cancel: number;
  net_issue: number;
}

/** The portal's document kinds this shop issues: invoices (1) and credit notes (5). */
const DOC_NATURES = {
  'tax-invoice': { doc_num: 1, doc_typ: 'Invoices for outward supply' },
  'credit-note': { doc_num: 5, doc_typ: 'Credit Note' },
} as const;

/** The GSTR-1 JSON as the portal takes it. */
export interface Gstr1 {
  gstin: string;
  fp: string;
  b2cs: B2csRow[];
  /** Nil-rated supplies (Table 8), to consumers within the state; absent without any. */
  nil?: {
    inv: [{ sply_ty: 'INTRB2C'; expt_amt: 0; nil_amt: number; ngsup_amt: 0 }];
  };
  /** Table 12, its consumers' tab (the shop takes no buyer's GSTIN: every sale is B2C). */
  hsn: { hsn_b2c: HsnRow[] };
  doc_issue: {
    doc_det: {
      doc_num: number;
      doc_typ: string;
      docs: DocsRow[];
    }[];
  };
}

/** The portal's unit quantity codes for how a product is sold. */
const UQC = { piece: 'NOS', kg: 'KGS', L: 'LTR' } as const satisfies Record<Unit, string>;
type Uqc = (typeof UQC)[Unit];

/** A line's net quantity in its UQC: pieces as they are, grams and millilitres in kg and L (3 decimals). */
const quantityIn = (unit: Unit, quantity: number) =>
  unit === 'piece' ? quantity : quantity / 1000;

/** A rate in hundredths as the portal writes it, in percent. */
const percent = (hundredths: number | null) => (hundredths ?? 0) / 100;

/** A row that adds up to nothing: what was sold in the month was all taken back in it. */
const nothing = (sums: TaxSums) =>
  sums.taxablePaise === 0 && sums.cgstPaise === 0 && sums.sgstPaise === 0;

/** The portal's limit on an HSN row's description. */
const DESCRIPTION_LENGTH = 30;

/**
 * The month `YYYY-MM` (on the shop's clock) as GSTR-1: the documents issued in it in the
 * `regular` mode, a credit note's lines taken away from its month's figures, under the GSTIN
 * they were issued under (a shop that has left the scheme still files the months it was in it),
 * else the shop's own (a month with no sales).
 * @throws AppError NOT_REGISTERED when the month has no `regular` documents and the shop is not
 * `regular` with a GSTIN now.
 */
export async function readGstr1(em: EntityManager, month: string): Promise<Gstr1> {
  const shop = await readShop(em);
  const gstin =
    (await registeredGstin(em, month)) ??
    (shop.tax === 'regular' && shop.gstin ? shop.gstin : null);
  if (!gstin)
    throw new AppError(
      'NOT_REGISTERED',
      'GSTR-1 is filed by shops registered for GST: set the shop’s tax to regular with its GSTIN',
    );
  const filter = { month, regularOnly: true };
  const [byPlace, byHsn, issued] = await Promise.all([
    sumsByPlaceAndRate(em, filter),
    sumsByHsn(em, filter),
    documentsIssued(em, filter),
  ]);
  const taxed = byPlace.filter((row) => (row.rate ?? 0) > 0 && !nothing(row));
  const nilPaise = byPlace
    .filter((row) => (row.rate ?? 0) === 0)
    .reduce((sum, row) => sum + row.taxablePaise, 0);
  const hasNil = byPlace.some((row) => (row.rate ?? 0) === 0);
  return {
    gstin,
    fp: `${month.slice(5, 7)}${month.slice(0, 4)}`,
    b2cs: taxed.map((row) => ({
      sply_ty: 'INTRA',
      pos: row.placeOfSupply,
      typ: 'OE',
      rt: percent(row.rate),
      txval: toRupees(row.taxablePaise),
      iamt: 0,
      camt: toRupees(row.cgstPaise),
      samt: toRupees(row.sgstPaise),
      csamt: 0,
    })),
    ...(hasNil && {
      nil: {
        inv: [
          { sply_ty: 'INTRB2C', expt_amt: 0, nil_amt: toRupees(nilPaise), ngsup_amt: 0 } as const,
        ],
      },
    }),
    hsn: {
      hsn_b2c: byHsn
        .filter((row) => row.quantity !== 0 || !nothing(row))
        .map((row, index) => ({
          num: index + 1,
          hsn_sc: row.hsn ?? '',
          desc: row.description.slice(0, DESCRIPTION_LENGTH),
          uqc: UQC[row.unit],
          qty: quantityIn(row.unit, row.quantity),
          rt: percent(row.rate),
          txval: toRupees(row.taxablePaise),
          iamt: 0,
          camt: toRupees(row.cgstPaise),
          samt: toRupees(row.sgstPaise),
          csamt: 0,
        })),
    },
    doc_issue: {
      doc_det: (['tax-invoice', 'credit-note'] as const)
        .map((kind) => ({
          ...DOC_NATURES[kind],
          docs: issued
            .filter((series) => series.kind === kind)
            .map((series, index) => ({
              num: index + 1,
              from: series.from,
              to: series.to,
              totnum: series.count,
              cancel: series.cancelled,
              net_issue: series.count - series.cancelled,
            })),
        }))
        .filter((nature) => nature.docs.length > 0),
    },
  };
}

/** The states by their GSTIN codes, as the offline tool's master names them ("27-Maharashtra"). */
const STATES: Record<string, string> = {
  '01': 'Jammu & Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman & Diu',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshdweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman & Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** A place of supply as the offline tool's CSV writes it; the bare code for one its master lacks. */
const placeOfSupply = (code: string) => (STATES[code] ? `${code}-${STATES[code]}` : code);

/** The offline tool's UQC labels. */
const UQC_LABELS: Record<Uqc, string> = {
  NOS: 'NOS-NUMBERS',
  KGS: 'KGS-KILOGRAMS',
  LTR: 'LTR-LITRES',
};

/** Rupees to paise again, to add figures without a float's drift. */
const paise = (rupees: number) => Math.round(rupees * 100);
/** The columns of amounts, written with two decimals. */
const MONEY_COLUMNS = new Set([
  'taxable',
  'cess',
  'value',
  'igst',
  'cgst',
  'sgst',
  'nil',
  'exempted',
  'nonGst',
]);

/** Table 8's rows as the template lists them; a kirana's nil-rated sales are the fourth's. */
const NIL_ROWS = [
  'Inter-State supplies to registered persons',
  'Intra-State supplies to registered persons',
  'Inter-State supplies to unregistered persons',
  'Intra-State supplies to unregistered persons',
] as const;

interface CsvTable {
  columns: { key: string; header: string }[];
  rows: Record<string, unknown>[];
}

/** Each table as the offline tool's CSV template heads it. */
const CSV_TABLES: Record<Gstr1Table, (gstr1: Gstr1) => CsvTable> = {
  b2cs: (gstr1) => ({
    columns: [
      { key: 'type', header: 'Type' },
      { key: 'pos', header: 'Place Of Supply' },
      { key: 'rate', header: 'Rate' },
      { key: 'applicable', header: 'Applicable % of Tax Rate' },
      { key: 'taxable', header: 'Taxable Value' },
      { key: 'cess', header: 'Cess Amount' },
      { key: 'ecommerce', header: 'E-Commerce GSTIN' },
    ],
    rows: gstr1.b2cs.map((row) => ({
      type: row.typ,
      pos: placeOfSupply(row.pos),
      rate: row.rt,
      applicable: '',
      taxable: row.txval,
      cess: 0,
      ecommerce: '',
    })),
  }),
  exemp: (gstr1) => ({
    columns: [
      { key: 'description', header: 'Description' },
      { key: 'nil', header: 'Nil Rated Supplies' },
      { key: 'exempted', header: 'Exempted(other than nil rated/non GST supply)' },
      { key: 'nonGst', header: 'Non-GST Supplies' },
    ],
    rows: NIL_ROWS.map((description, index) => ({
      description,
      nil: index === 3 ? (gstr1.nil?.inv[0].nil_amt ?? 0) : 0,
      exempted: 0,
      nonGst: 0,
    })),
  }),
  hsn: (gstr1) => ({
    columns: [
      { key: 'hsn', header: 'HSN' },
      { key: 'description', header: 'Description' },
      { key: 'uqc', header: 'UQC' },
      { key: 'quantity', header: 'Total Quantity' },
      { key: 'value', header: 'Total Value' },
      { key: 'rate', header: 'Rate' },
      { key: 'taxable', header: 'Taxable Value' },
      { key: 'igst', header: 'Integrated Tax Amount' },
      { key: 'cgst', header: 'Central Tax Amount' },
      { key: 'sgst', header: 'State/UT Tax Amount' },
      { key: 'cess', header: 'Cess Amount' },
    ],
    rows: gstr1.hsn.hsn_b2c.map((row) => ({
      hsn: row.hsn_sc,
      description: row.desc,
      uqc: UQC_LABELS[row.uqc],
      quantity: row.qty,
      value: toRupees(paise(row.txval) + paise(row.camt) + paise(row.samt)),
      rate: row.rt,
      taxable: row.txval,
      igst: 0,
      cgst: row.camt,
      sgst: row.samt,
      cess: 0,
    })),
  }),
  docs: (gstr1) => ({
    columns: [
      { key: 'nature', header: 'Nature of Document' },
      { key: 'from', header: 'Sr. No. From' },
      { key: 'to', header: 'Sr. No. To' },
      { key: 'total', header: 'Total Number' },
      { key: 'cancelled', header: 'Cancelled' },
    ],
    rows: gstr1.doc_issue.doc_det.flatMap((nature) =>
      nature.docs.map((docs) => ({
        nature: nature.doc_typ,
        from: docs.from,
        to: docs.to,
        total: docs.totnum,
        cancelled: docs.cancel,
      })),
    ),
  }),
};

/**
 * One GSTR-1 table as the offline tool's CSV: its template's header line, then a row each,
 * amounts with two decimals (a net credit negative); no byte-order mark (the tool reads the
 * header by name), a text cell that a spreadsheet would run as a formula written as text.
 */
export function gstr1Csv(gstr1: Gstr1, table: Gstr1Table): string {
  const { columns, rows } = CSV_TABLES[table](gstr1);
  return spreadsheetCsv(
    rows,
    columns,
    (value, context) =>
      MONEY_COLUMNS.has(String(context.column)) ? value.toFixed(2) : String(value),
    { bom: false },
  );
}
