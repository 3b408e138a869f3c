import { p } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';

/** Ids are UUIDv7 (time-ordered) strings, sent as `_id` by the presenters. */
export const idProperty = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => uuidv7());
export const createdAtProperty = () => p.datetime().onCreate(() => new Date());
export const updatedAtProperty = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

/**
 * A sold line's tax as it was when sold (docs/gst.md#a-lines-tax): its HSN code and GST rate in
 * hundredths of a percent, and its taxable value and CGST and SGST in paise, all null unless the
 * shop was registered (`regular`) then; the code and rate also kept from a product that had them.
 */
export const lineTaxProperties = () => ({
  hsn: p.string().length(8).nullable(),
  gstRate: p.smallint().nullable(),
  taxablePaise: p.integer().nullable(),
  cgstPaise: p.integer().nullable(),
  sgstPaise: p.integer().nullable(),
});
