import { describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { documentLine, GSTIN, indiaTime, issueSale, TIME_ZONE } from '../../test/gst-factory.js';
import { TaxDocumentSchema } from './gst.entity.js';
import { issueDocument } from './tax-documents.js';

describe('issuing a document', () => {
  const app = useTestAppOfItsOwn();
  const tea = {
    description: 'Tea 250 g',
    hsn: '0902',
    gstRate: 5,
    unit: 'piece' as const,
    quantity: 2,
    pricePaise: 15_000,
  };

  test('a credit note is issued in its invoice’s mode and under its GSTIN, whatever the shop is now', async () => {
    const invoice = await issueSale(app.orm, 'regular', indiaTime('2026-11-02', '10:00'), [tea]);
    // The shop has left the regular scheme and dropped its GSTIN since; one tea comes back.
    const now = {
      tax: 'unregistered' as const,
      gstin: '',
      invoicePrefix: 'K',
      timeZone: TIME_ZONE,
    };
    const note = await app.orm.em.fork().transactional((tx) =>
      issueDocument(tx, now, {
        series: 'CN',
        kind: 'credit-note',
        at: indiaTime('2026-11-20', '10:00'),
        refersTo: invoice.id,
        lines: [documentLine('regular', { ...tea, quantity: 1 })],
      }),
    );
    const stored = await app.orm.em.fork().findOneOrFail(TaxDocumentSchema, { id: note.id });
    expect(stored).toMatchObject({
      kind: 'credit-note',
      mode: 'regular',
      gstin: GSTIN,
      placeOfSupply: '27',
      printed: `K/CN/26-27/${stored.number}`,
      // ₹150 at 5 %: ₹142.86 taxable, ₹3.57 + ₹3.57.
      taxablePaise: 14_286,
      cgstPaise: 357,
      sgstPaise: 357,
    });
  });
});
