import { readFile, writeFile } from 'node:fs/promises';
import {
  COMPOSITION_DECLARATION,
  lineAmount,
  RECEIPT_WIDTHS,
  saleDocumentKind,
  TAX_MODES,
  taxOfLine,
  receiptHtml as htmlOfSale,
  type ReceiptShop,
  type ReceiptWidth,
  type TaxMode,
} from '@kirana/shared';
import { receiptEscPos as escPosOfSale } from '@kirana/shared/receipt-escpos';
import { describe, expect, it } from 'vitest';
import { presentSale } from './counter.presenter.js';
import type { SaleRecord } from './counter-reads.js';

/*
 * The receipts the server prints are the shared ones (@kirana/shared's receipt), rendered from
 * the sale as the API answers it, with the GSTIN its document was issued under, as the receipt
 * route renders them: the saved receipts, byte for byte, prove it.
 */
const issuedBy = (sale: SaleRecord, shop: ReceiptShop): ReceiptShop => ({
  ...shop,
  gstin: sale.invoice?.gstin ?? shop.gstin,
});
const receiptEscPos = (
  sale: SaleRecord,
  shop: ReceiptShop,
  options: { width: ReceiptWidth; drawer: boolean },
) => escPosOfSale(presentSale(sale), issuedBy(sale, shop), options);
const receiptHtml = (sale: SaleRecord, shop: ReceiptShop, width: ReceiptWidth) =>
  htmlOfSale(presentSale(sale), issuedBy(sale, shop), width);

/** A sale of two lines paid in cash, at 2:40 pm in Pune. */
const sale: SaleRecord = {
  id: '01a21c37-887d-75a9-84a8-a033fefeb582',
  number: 17,
  payment: 'cash',
  subtotalPaise: 122_500,
  taxPaise: 2_450,
  amountPaise: 124_950,
  tenderedPaise: 200_000,
  changePaise: 75_050,
  refundedPaise: 0,
  invoice: null,
  customer: null,
  khataPaise: 0,
  paid: null,
  createdAt: new Date('2026-11-27T09:10:00.000Z'),
  lines: [
    {
      product: '01a21c37-887d-75a9-84a8-a033fefeb583',
      name: 'Sona Masoori Rice 5 kg',
      unit: 'piece',
      quantity: 3,
      unitPricePaise: 39_900,
      returned: 0,
      pastCount: 0,
      hsn: null,
      gstRate: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
    },
    {
      product: '01a21c37-887d-75a9-84a8-a033fefeb584',
      name: 'Tata Salt 1 kg',
      unit: 'piece',
      quantity: 1,
      unitPricePaise: 2_800,
      returned: 0,
      pastCount: 0,
      hsn: null,
      gstRate: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
    },
  ],
};
/**
 * A sale of 750 g of loose onions at ₹140.05/kg (₹105.0375: ₹105.04 by the one rounding rule,
 * where the price times the grams, cut to the paisa, would say ₹105.03), 250 g of them since
 * returned, and a packet of salt.
 */
const looseSale: SaleRecord = {
  ...sale,
  number: 18,
  subtotalPaise: 13_304,
  taxPaise: 266,
  amountPaise: 13_570,
  tenderedPaise: 20_000,
  changePaise: 6_430,
  lines: [
    {
      product: '01a21c37-887d-75a9-84a8-a033fefeb585',
      name: 'Onion',
      unit: 'kg',
      quantity: 750,
      unitPricePaise: 14_005,
      returned: 250,
      pastCount: 0,
      hsn: null,
      gstRate: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
    },
    { ...sale.lines[1]!, unit: 'piece' },
  ],
};
const shop: ReceiptShop = {
  legalName: '',
  gstin: '',
  name: 'Kirana Store',
  phone: '98765 43210',
  address: '12 MG Road, Pune',
  timeZone: 'Asia/Kolkata',
};

/**
 * The saved receipt `name`, checked in beside this test after being read on a printer's
 * output: `UPDATE_RECEIPTS=1 npx vitest run receipt-escpos` writes them anew after a change.
 */
async function saved(name: string, bytes: Uint8Array): Promise<Buffer> {
  const file = new URL(`./receipts/${name}`, import.meta.url);
  if (process.env.UPDATE_RECEIPTS === '1') await writeFile(file, bytes);
  return readFile(file);
}

const ESC_INIT = [0x1b, 0x40];
const CUT = [0x1d, 0x56];
const DRAWER_PULSE = [0x1b, 0x70];
const holds = (bytes: Uint8Array, sequence: number[]) =>
  Buffer.from(bytes).includes(Buffer.from(sequence));

describe('ESC/POS receipts', () => {
  for (const width of [58, 80] as const) {
    it(`for ${width} mm paper are byte for byte the saved receipt, drawer pulse and all`, async () => {
      const bytes = receiptEscPos(sale, shop, { width, drawer: true });
      expect(Buffer.from(bytes)).toEqual(await saved(`bill-17-${width}mm.bin`, bytes));
      expect([...bytes.subarray(0, 2)]).toEqual(ESC_INIT);
      expect(Buffer.from(bytes).toString('latin1')).toContain('Kirana Store');
      expect(Buffer.from(bytes).toString('latin1')).toContain('Phone 98765 43210');
      expect(holds(bytes, CUT)).toBe(true);
      expect(holds(bytes, DRAWER_PULSE)).toBe(true);
    });
  }

  it('open the drawer only when asked, and say the lines the paper holds', () => {
    const bytes = receiptEscPos(sale, shop, { width: 58, drawer: false });
    expect(holds(bytes, DRAWER_PULSE)).toBe(false);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('Bill 17');
    expect(text).toContain('27 Nov 2026, 2:40 pm');
    expect(text).toContain('Rs 1249.50');
    expect(text).toContain('Rs 750.50');
  });

  it('print a name in a script the printer lacks as question marks, never as stray bytes', () => {
    const hindi = { ...sale, lines: [{ ...sale.lines[1]!, name: 'नमक 1 kg' }] };
    const text = Buffer.from(receiptEscPos(hindi, shop, { width: 80, drawer: false })).toString(
      'latin1',
    );
    expect(text).toMatch(/\?+ 1 kg/);
  });
});

/** The printed text lines of ESC/POS `bytes` from the rule under the date to the one under the lines. */
function linesTable(bytes: Uint8Array): string[] {
  const lines = Buffer.from(bytes).toString('latin1').split('\n');
  const rules = lines.flatMap((line, index) => (line.includes('ÄÄÄÄ') ? [index] : []));
  return lines.slice(rules[0]! + 1, rules[1]).map((line) => line.replace(/^\r/, ''));
}

describe('ESC/POS receipts of loose goods', () => {
  for (const [width, columns] of [
    [58, 32],
    [80, 48],
  ] as const) {
    it(`for ${width} mm paper say a loose line's weight at its price per kilo at full width, its amount in the amount column`, () => {
      const table = linesTable(receiptEscPos(looseSale, shop, { width, drawer: false }));
      const onion = table.findIndex((line) => line.startsWith('Onion'));
      // The name wraps on 58 mm paper: its amount is on its first row.
      expect(table[onion]).toMatch(/ Rs 105\.04$/);
      const measure = table.findIndex((line) => line === '  0.750 kg x Rs 140.05/kg');
      expect(measure).toBeGreaterThan(onion);
      // The salt after it keeps the columns: its count right-aligned in Qty, amount at the edge.
      const salt = table.find((line) => line.startsWith('Tata Salt'));
      expect(salt).toHaveLength(columns);
      expect(salt).toMatch(/ 1 {5}Rs 28\.00$/);
      for (const line of table) expect(line.length).toBeLessThanOrEqual(columns);
      expect(table.find((line) => line.includes('Rs 105.04'))).toHaveLength(columns);
    });
  }
});

/** Bill 17 on Asha's khata: ₹500 paid in cash, ₹200 by UPI, the rest on the khata. */
const khataSale: SaleRecord = {
  ...sale,
  payment: 'khata',
  tenderedPaise: null,
  changePaise: null,
  customer: {
    id: '01a21c37-887d-75a9-84a8-a033fefeb586',
    name: 'Asha Rao',
    balancePaise: 104_950,
    creditLimitPaise: 200_000,
  },
  khataPaise: 54_950,
  paid: { cashPaise: 50_000, upiPaise: 20_000 },
};

describe('receipts of a khata sale', () => {
  it('say what was paid how, what went on the khata, whose it is, their balance and limit', () => {
    const text = Buffer.from(receiptEscPos(khataSale, shop, { width: 58, drawer: false })).toString(
      'latin1',
    );
    expect(text).toMatch(/Paid in cash +Rs 500\.00/);
    expect(text).toMatch(/Paid by UPI +Rs 200\.00/);
    expect(text).toMatch(/On khata +Rs 549\.50/);
    expect(text).toContain('Khata: Asha Rao');
    expect(text).toMatch(/Khata balance +Rs 1049\.50/);
    expect(text).toMatch(/Credit limit +Rs 2000\.00/);
    expect(text).not.toContain('Change');
    const html = receiptHtml(khataSale, shop, 80);
    expect(html).toContain('On khata');
    expect(html).toContain('₹549.50');
    expect(html).toContain('Khata: Asha Rao');
  });

  it('of a khata sale paid nothing now say only what went on the khata', () => {
    const text = Buffer.from(
      receiptEscPos(
        { ...khataSale, khataPaise: 124_950, paid: { cashPaise: 0, upiPaise: 0 } },
        shop,
        { width: 80, drawer: false },
      ),
    ).toString('latin1');
    expect(text).not.toContain('Paid in cash');
    expect(text).not.toContain('Paid by UPI');
    expect(text).toMatch(/On khata +Rs 1249\.50/);
  });
});

describe('the HTML receipt', () => {
  it('says a loose line\'s weight at its price per kilo, "0.750 kg × ₹140.05/kg", and its amount by the one rounding rule', () => {
    const html = receiptHtml(looseSale, shop, 80);
    expect(html).toContain(
      '<tr><th scope="row">Onion (0.250 kg returned)<br /><small>0.750 kg × ₹140.05/kg</small></th><td></td><td>₹105.04</td></tr>',
    );
    expect(html).toContain(
      '<tr><th scope="row">Tata Salt 1 kg<br /><small>@ ₹28.00</small></th><td>1</td><td>₹28.00</td></tr>',
    );
  });

  it('says the bill for any printer and escapes every text', () => {
    const html = receiptHtml(
      { ...sale, lines: [{ ...sale.lines[0]!, name: '<b>Rice</b> & more' }] },
      { ...shop, name: 'Kirana "Store"' },
      58,
    );
    expect(html).toContain('@page { size: 58mm auto;');
    expect(html).toContain('&lt;b&gt;Rice&lt;/b&gt; &amp; more');
    expect(html).toContain('<h1>Kirana &quot;Store&quot;</h1>');
    expect(html).toContain('<p>12 MG Road, Pune</p>');
    expect(html).toContain('<p>Phone 98765 43210</p>');
    expect(html).not.toContain('<b>Rice');
    expect(html).toContain(
      '<tr class="total"><th scope="row" colspan="2">Total</th><td>₹1249.50</td></tr>',
    );
    expect(html).not.toMatch(/<script|src=/);
  });

  it('prints an address of several lines a line each', () => {
    const html = receiptHtml(sale, { ...shop, address: '12 MG Road,\nPune' }, 80);
    expect(html).toMatch(/<p>12 MG Road,<\/p>\s*<p>Pune<\/p>\s*<p>Phone 98765 43210<\/p>/);
  });
});

/**
 * Bill 12 of 26-27 in each tax mode, at 2:40 pm in Pune: two packets of ghee at ₹650 (HSN 0405,
 * 5 %), a cola at ₹99 (22021010, 40 %) and 750 g of loose onions at ₹40/kg (0703, 0 %), paid in
 * cash from ₹2,000. Its lines' tax as the sale kept it: reckoned in `regular` only.
 */
function billIn(mode: TaxMode): SaleRecord {
  const registered = mode === 'regular' || mode === 'composition';
  const lines = [
    { name: 'Ghee 1 L', unit: 'piece', quantity: 2, price: 65_000, hsn: '0405', rate: 500 },
    { name: 'Cola 2 L', unit: 'piece', quantity: 1, price: 9_900, hsn: '22021010', rate: 4_000 },
    { name: 'Onion', unit: 'kg', quantity: 750, price: 4_000, hsn: '0703', rate: 0 },
  ] as const;
  const subtotalPaise = 142_900;
  const taxPaise = mode === 'spec' ? 2_858 : 0;
  return {
    ...sale,
    number: 40,
    subtotalPaise,
    taxPaise,
    amountPaise: subtotalPaise + taxPaise,
    tenderedPaise: 200_000,
    changePaise: 200_000 - subtotalPaise - taxPaise,
    invoice: {
      id: '01a21c37-887d-75a9-84a8-a033fefeb590',
      number: registered ? 'KS/26-27/12' : '26-27/12',
      series: 'INV',
      date: '2026-11-27',
      kind: saleDocumentKind(mode),
      mode,
      gstin: registered ? '27AAPFU0939F1ZV' : '',
    },
    lines: lines.map((line, index) => {
      const amount = lineAmount(line.price, line.quantity, line.unit);
      const tax = taxOfLine(mode, amount, line.rate / 100);
      return {
        product: `01a21c37-887d-75a9-84a8-a033fefeb59${index + 1}`,
        name: line.name,
        unit: line.unit,
        quantity: line.quantity,
        unitPricePaise: line.price,
        returned: 0,
        pastCount: 0,
        hsn: line.hsn,
        gstRate: line.rate,
        taxablePaise: tax?.taxable ?? null,
        cgstPaise: tax?.cgst ?? null,
        sgstPaise: tax?.sgst ?? null,
      };
    }),
  };
}
const registeredShop = { ...shop, legalName: 'Kirana Stores Pvt Ltd' };

describe('the golden receipts of a bill in each tax mode', () => {
  for (const mode of TAX_MODES) {
    for (const width of RECEIPT_WIDTHS)
      it(`in ${mode} mode, for ${width} mm paper, are byte for byte the saved receipt, no line past the paper`, async () => {
        const bytes = receiptEscPos(billIn(mode), registeredShop, { width, drawer: false });
        expect(Buffer.from(bytes)).toEqual(await saved(`bill-${mode}-${width}mm.bin`, bytes));
        const text = Buffer.from(bytes).toString('latin1');
        // Lines without a printer's command in them: the lines, the sums, the words.
        for (const line of text.split('\n').map((each) => each.replace(/^\r/, '')))
          if (!line.includes('\x1b') && !line.includes('\x1d'))
            expect(line.length, line).toBeLessThanOrEqual(width === 58 ? 32 : 48);
      });
    it(`in ${mode} mode, as a page, is the saved page`, async () => {
      const html = receiptHtml(billIn(mode), registeredShop, 80);
      expect(html).toBe((await saved(`bill-${mode}.html`, Buffer.from(html))).toString('utf8'));
    });
  }

  const text = (mode: TaxMode) =>
    Buffer.from(receiptEscPos(billIn(mode), registeredShop, { width: 58, drawer: false })).toString(
      'latin1',
    );

  it('a tax invoice says so, the legal name, GSTIN, its number, each line’s HSN and rate, the tax by rate and the total in words', () => {
    const invoice = text('regular');
    for (const said of [
      'TAX INVOICE',
      // In double size on 58 mm paper, the legal name wraps.
      'Kirana Stores',
      'GSTIN 27AAPFU0939F1ZV',
      'Invoice No. KS/26-27/12',
      '  HSN 0405 GST 5%',
      '  HSN 22021010 GST 40%',
      '  HSN 0703 GST 0%',
      'One Thousand Four Hundred Twenty',
    ])
      expect(invoice).toContain(said);
    // ₹1,300 at 5 %: taxable ₹1,238.10, ₹30.95 + ₹30.95; ₹99 at 40 %: ₹70.71, ₹14.14 + ₹14.15.
    expect(invoice).toMatch(/Taxable @ 0% +Rs 30\.00/);
    expect(invoice).toMatch(/Taxable @ 5% +Rs 1238\.10/);
    expect(invoice).toMatch(/CGST @ 2\.5% +Rs 30\.95/);
    expect(invoice).toMatch(/SGST @ 20% +Rs 14\.15/);
    expect(invoice).toMatch(/Total[^\n]+Rs 1429\.00/);
    expect(invoice).not.toContain('Tax (2%)');
  });

  it('a bill of supply says so, the GSTIN and the declaration, and no tax; a plain bill only its number and total; the spec’s its 2 %', () => {
    const supply = text('composition');
    expect(supply).toContain('BILL OF SUPPLY');
    expect(supply).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(supply).toContain('Bill No. KS/26-27/12');
    expect(supply.replace(/\n\r/g, ' ')).toContain(COMPOSITION_DECLARATION);
    expect(supply).not.toMatch(/CGST|HSN|Tax \(/);
    const plain = text('unregistered');
    expect(plain).toContain('Bill No. 26-27/12');
    expect(plain).toContain('Kirana Store');
    expect(plain).not.toMatch(/GSTIN|CGST|HSN|Tax \(|INVOICE|Pvt Ltd/);
    expect(plain).toMatch(/Total[^\n]+Rs 1429\.00/);
    const spec = text('spec');
    expect(spec).toContain('Bill No. 26-27/12');
    expect(spec).toMatch(/Tax \(2%\) +Rs 28\.58/);
    expect(spec).toMatch(/Total[^\n]+Rs 1457\.58/);
    expect(spec).not.toMatch(/GSTIN|CGST|HSN/);
  });
});
