import 'fake-indexeddb/auto';
import { ean13CheckDigit, type Product } from '@kirana/shared';
import type { IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aKhataCustomer } from '../../../../../test/khata';
import { aLooseProductAndPack, aProduct } from '../../../../../test/products';
import { aShop } from '../../../../../test/shop';
import { openCounterDb, type CounterDb } from './counter-db';
import { keepCustomer, keepProduct } from './kept-catalogue';
import { KeptLookupError, lookUpKept, searchKept, searchKeptCustomers } from './kept-lookup';

let db: IDBPDatabase<CounterDb>;
let databases = 0;

beforeEach(async () => {
  databases += 1;
  db = await openCounterDb(`kept-lookup-${databases}`);
});

afterEach(() => db.close());

/** The shop's scales: 21 prints the weight in grams, 23 the price in paise. */
const shop = aShop({
  scaleLabels: [
    { prefix: '21', value: 'grams' },
    { prefix: '23', value: 'paise' },
  ],
});

/** A scale label's 13 digits: its prefix, the scale code, the value, its check digit. */
const label = (prefix: string, scaleCode: string, value: number) => {
  const digits = `${prefix}${scaleCode}${String(value).padStart(5, '0')}`;
  return `${digits}${ean13CheckDigit(digits)}`;
};

const keep = async (...products: Product[]) => {
  for (const product of products) await keepProduct(db, product);
};

/** The refusal of `lookUpKept`: its code and words. */
const refusal = async (code: string) => {
  const error = await lookUpKept(db, code, shop).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(KeptLookupError);
  const { code: why, message } = error as KeptLookupError;
  return { code: why, message };
};

describe('lookUpKept', () => {
  it('finds a product by its barcode as the scanner types it, spaces around it aside', async () => {
    const tea = aProduct({ name: 'Tea', barcode: '8901234567890' });
    await keep(tea, aProduct({ barcode: '8901234567891' }));

    expect(await lookUpKept(db, ' 8901234567890\n', shop)).toEqual({ product: tea });
  });

  it("finds a product by the shop's code in any case", async () => {
    const rice = aProduct({ name: 'Rice', sku: 'Rice-5KG' });
    await keep(rice);

    expect(await lookUpKept(db, 'rice-5kg', shop)).toEqual({ product: rice });
    expect(await lookUpKept(db, 'RICE-5KG', shop)).toEqual({ product: rice });
  });

  it("takes a barcode before another product's code", async () => {
    const byBarcode = aProduct({ barcode: 'ABC1' });
    await keep(aProduct({ sku: 'abc1' }), byBarcode);

    expect(await lookUpKept(db, 'ABC1', shop)).toEqual({ product: byBarcode });
  });

  it("reads a weight label: the loose product by its scale code, and the label's grams", async () => {
    const { loose, pack } = aLooseProductAndPack();
    await keep(loose, pack);

    expect(await lookUpKept(db, label('21', '00042', 1250), shop)).toEqual({
      product: loose,
      quantity: 1250,
    });
  });

  it('reads a price label as the grams its price buys at the price per kilo', async () => {
    const { loose } = aLooseProductAndPack({ price: 160, offerPrice: 140 });
    await keep(loose);

    // ₹350 at ₹140/kg (the price it sells at) is 2.5 kg.
    expect(await lookUpKept(db, label('23', '00042', 35_000), shop)).toEqual({
      product: loose,
      quantity: 2500,
    });
  });

  it('refuses a code no product has, in the server words', async () => {
    await keep(aProduct({ barcode: '8901234567890' }));

    expect(await refusal(' 8909999999999 ')).toEqual({
      code: 'NOT_FOUND',
      message: 'No product has the code 8909999999999',
    });
    // A code in the shop's range that is no label at all (not 13 digits) is only unknown.
    expect(await refusal('2042')).toEqual({
      code: 'NOT_FOUND',
      message: 'No product has the code 2042',
    });
  });

  it('forgets an archived product', async () => {
    const tea = aProduct({ barcode: '8901234567890' });
    await keep(tea, { ...tea, archivedAt: '2026-11-02T04:00:00.000Z' });

    expect((await refusal('8901234567890')).code).toBe('NOT_FOUND');
  });

  it('refuses a label that does not read, in the server words', async () => {
    const { loose } = aLooseProductAndPack();
    await keep(loose);
    const good = label('21', '00042', 1250);
    const misread = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;

    expect(await refusal(misread)).toEqual({
      code: 'SCALE_LABEL_INVALID',
      message: `The label ${misread} does not check (misread?): scan it again`,
    });
    expect(await refusal(label('25', '00042', 1250))).toEqual({
      code: 'SCALE_LABEL_INVALID',
      message: 'Labels beginning 25 are not set up for the scales',
    });
    const empty = label('21', '00042', 0);
    expect(await refusal(empty)).toEqual({
      code: 'SCALE_LABEL_INVALID',
      message: `The label ${empty} shows no weight or price`,
    });
    const unknown = label('21', '00077', 500);
    expect(await refusal(unknown)).toEqual({
      code: 'SCALE_LABEL_INVALID',
      message: `The label ${unknown} is for scale code 00077, which no product has: set it on the product, or check the scale`,
    });
    // One paisa at ₹140/kg buys less than half a gram.
    const crumb = label('23', '00042', 1);
    expect(await refusal(crumb)).toEqual({
      code: 'SCALE_LABEL_INVALID',
      message: `The label ${crumb} is for less than a gram of Toor Dal: weigh it again`,
    });
  });
});

describe('searchKept', () => {
  it('finds products by name in any case, those beginning with it first', async () => {
    const [tomato, ketchup, cherry, potato, coded] = [
      aProduct({ name: 'Tomato' }),
      aProduct({ name: 'Tomato  Ketchup' }),
      aProduct({ name: 'Cherry Tomato' }),
      aProduct({ name: 'Potato' }),
      aProduct({ name: 'Soup', sku: 'TOM-SOUP' }),
    ];
    await keep(coded!, potato!, cherry!, ketchup!, tomato!);

    expect(await searchKept(db, 'TOM', 10)).toEqual([tomato, ketchup, cherry, coded]);
    expect(await searchKept(db, 'tomato ketchup', 10)).toEqual([ketchup]);
    expect(await searchKept(db, 'tom', 2)).toEqual([tomato, ketchup]);
  });

  it('puts a name or code that is the text itself first', async () => {
    const [sauce, exact, coded] = [
      aProduct({ name: 'Salt Sauce' }),
      aProduct({ name: 'Salt' }),
      aProduct({ name: 'Rock crystals', barcode: 'salt' }),
    ];
    await keep(sauce!, exact!, coded!);

    expect(await searchKept(db, ' salt ', 10)).toEqual([coded, exact, sauce]);
  });

  it('finds a product renamed since the last search, the names read again once it is kept', async () => {
    const tea = aProduct({ name: 'Tea' });
    await keep(tea);
    expect(await searchKept(db, 'tea', 10)).toEqual([tea]);

    const renamed = { ...tea, name: 'Assam Chai', updatedAt: '2030-01-01T00:00:00.000Z' };
    await keepProduct(db, renamed);
    expect(await searchKept(db, 'tea', 10)).toEqual([]);
    expect(await searchKept(db, 'chai', 10)).toEqual([renamed]);
  });

  it('finds nothing for blank text', async () => {
    await keep(aProduct());

    expect(await searchKept(db, '  ', 10)).toEqual([]);
  });
});

describe('searchKeptCustomers', () => {
  it('finds khata customers by name, those beginning with it first, or by phone', async () => {
    const meena = aKhataCustomer({ _id: 'a', name: 'Meena Sharma', phone: '9876543210' });
    const ramesh = aKhataCustomer({ _id: 'b', name: 'Ramesh Meena', phone: '9123456780' });
    const anil = aKhataCustomer({ _id: 'c', name: 'Anil', phone: '9988776655' });
    for (const customer of [anil, ramesh, meena]) await keepCustomer(db, customer);

    expect(await searchKeptCustomers(db, 'meena', 10)).toEqual([meena, ramesh]);
    expect(await searchKeptCustomers(db, '98765', 10)).toEqual([meena]);
    expect(await searchKeptCustomers(db, '+91 98765 43210', 10)).toEqual([meena]);
    expect(await searchKeptCustomers(db, 'meena', 1)).toEqual([meena]);
    expect(await searchKeptCustomers(db, '', 10)).toEqual([]);
  });
});
