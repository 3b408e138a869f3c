import { percentOf, toRupees, type LineTaxAnswer } from '@kirana/shared';

/** A sold line's tax columns as kept (db/base.ts lineTaxProperties); absent ones read as none. */
export interface StoredLineTax {
  hsn?: string | null;
  /** Hundredths of a percent. */
  gstRate?: number | null;
  taxablePaise?: number | null;
  cgstPaise?: number | null;
  sgstPaise?: number | null;
}

const rupeesOrNull = (paise: number | null | undefined) =>
  paise === null || paise === undefined ? null : toRupees(paise);

/** A sold line's tax as every answer carries it (docs/gst.md#a-lines-tax): the rate in percent, amounts in rupees. */
export function presentLineTax(line: StoredLineTax): LineTaxAnswer {
  return {
    hsn: line.hsn ?? null,
    gstRate: percentOf(line.gstRate ?? null),
    taxable: rupeesOrNull(line.taxablePaise),
    cgst: rupeesOrNull(line.cgstPaise),
    sgst: rupeesOrNull(line.sgstPaise),
  };
}
