import { readFile, writeFile } from 'node:fs/promises';
import {
  DELIVERY_GST_RATE,
  DELIVERY_SAC,
  lineAmount,
  lineTax,
  rateHundredths,
  saleDocumentKind,
  taxOfLine,
  type TaxMode,
  type Unit,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { invoiceHtml, type InvoicePage, type InvoicePageLine } from './invoice-html.js';

/**
 * The saved invoice of `mode`, checked in beside this test after being read in a browser and its
 * print preview: `UPDATE_INVOICES=1 npx vitest run invoice-html` writes them anew after a change.
 */
async function saved(mode: TaxMode, html: string): Promise<string> {
  const file = new URL(`./invoices/invoice-${mode}.html`, import.meta.url);
  if (process.env.UPDATE_INVOICES === '1') await writeFile(file, html);
  return readFile(file, 'utf8');
}

/** A sold line as the order kept it in `mode` and its invoice copied it. */
function sold(
  mode: TaxMode,
  description: string,
  unit: Unit,
  quantity: number,
  unitPricePaise: number,
  hsn: string,
  rate: number,
): InvoicePageLine {
  const amountPaise = lineAmount(unitPricePaise, quantity, unit);
  const tax = taxOfLine(mode, amountPaise, rate);
  return {
    description,
    hsn,
    gstRate: rateHundredths(rate),
    unit,
    quantity,
    unitPricePaise,
    amountPaise,
    taxablePaise: tax?.taxable ?? amountPaise,
    cgstPaise: tax?.cgst ?? 0,
    sgstPaise: tax?.sgst ?? 0,
  };
}

/** A line that is no product: the spec's 2 %, the delivery charge. */
function charge(description: string, amountPaise: number, taxed: boolean): InvoicePageLine {
  const tax = taxed ? lineTax(amountPaise, DELIVERY_GST_RATE) : null;
  return {
    description,
    hsn: taxed ? DELIVERY_SAC : null,
    gstRate: taxed ? rateHundredths(DELIVERY_GST_RATE) : null,
    unit: 'piece',
    quantity: 1,
    unitPricePaise: amountPaise,
    amountPaise,
    taxablePaise: tax?.taxable ?? amountPaise,
    cgstPaise: tax?.cgst ?? 0,
    sgstPaise: tax?.sgst ?? 0,
  };
}

/** Order 26-27/42 of three lines, delivered for ₹30, issued on 6 Dec 2026 in `mode`. */
function pageIn(mode: TaxMode): InvoicePage {
  const registered = mode === 'regular' || mode === 'composition';
  const goods = [
    sold(mode, 'Basmati rice <Gold> & "Aged"', 'piece', 2, 24_950, '10063020', 5),
    sold(mode, 'Toor dal (loose)', 'kg', 750, 14_000, '0713', 0),
    sold(mode, "Cola 'Fizz' 750 ml", 'piece', 3, 4_000, '22021010', 40),
  ];
  const subtotal = goods.reduce((sum, line) => sum + line.amountPaise, 0);
  const lines = [
    ...goods,
    ...(mode === 'spec' ? [charge('Tax (2%)', Math.floor((subtotal * 2) / 100), false)] : []),
    charge('Delivery charges', 3000, mode === 'regular'),
  ];
  return {
    shop: {
      name: 'Sharma Kirana',
      legalName: registered ? 'Sharma Kirana & Sons Private Limited' : '',
      address: '4 Market Road\nShivajinagar, Pune 411005',
      phone: '+91 98765 43210',
    },
    invoice: {
      number: registered ? 'SK/26-27/42' : '26-27/42',
      kind: saleDocumentKind(mode),
      date: '2026-12-06',
      gstin: registered ? '27AAPFU0939F1ZV' : '',
      placeOfSupply: registered ? '27' : '',
      amountPaise: lines.reduce((sum, line) => sum + line.amountPaise, 0),
    },
    lines,
    buyer: {
      name: 'Asha <Rao>',
      street: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipcode: '411001',
      phone: '+91 98450 12345',
    },
    creditNote: mode === 'unregistered' ? { number: '26-27/7', date: '2026-12-07' } : null,
  };
}

describe('the invoice page of an online order', () => {
  for (const mode of ['spec', 'unregistered', 'composition', 'regular'] as const) {
    test(`in the ${mode} mode is the saved page, every text escaped`, async () => {
      const html = invoiceHtml(pageIn(mode));
      expect(html).toBe(await saved(mode, html));
      expect(html).toContain('Basmati rice &lt;Gold&gt; &amp; &quot;Aged&quot;');
      expect(html).toContain('Asha &lt;Rao&gt;');
      expect(html).not.toContain('<Gold>');
    });
  }

  test('a tax invoice sums its taxable value and tax by rate, and its total in words is its amount', () => {
    const page = pageIn('regular');
    const html = invoiceHtml(page);
    expect(html).toContain('Tax Invoice');
    expect(html).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(html).toContain('Place of supply: Maharashtra (27)');
    for (const rate of ['0%', '5%', '18%', '40%']) expect(html).toContain(`<td>${rate}</td>`);
    // 2 × ₹249.50, 750 g at ₹140/kg, 3 × ₹40 and ₹30 delivery.
    expect(page.invoice.amountPaise).toBe(49_900 + 10_500 + 12_000 + 3000);
    expect(html).toContain('Seven Hundred Fifty Four Rupees Only');
  });

  test('a bill of supply carries the declaration and no tax; a plain bill neither; a cancelled one names its credit note', () => {
    const composition = invoiceHtml(pageIn('composition'));
    expect(composition).toContain('Bill of Supply');
    expect(composition).toContain(
      'Composition taxable person, not eligible to collect tax on supplies',
    );
    expect(composition).not.toContain('CGST');
    const bill = invoiceHtml(pageIn('unregistered'));
    expect(bill).toContain('<h2>Bill</h2>');
    expect(bill).not.toContain('GSTIN');
    expect(bill).not.toContain('Composition taxable person');
    expect(bill).toContain('Cancelled: credit note 26-27/7 of 7 Dec 2026 reverses this bill.');
  });
});
