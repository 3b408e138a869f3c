import type * as z from 'zod/mini';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toRupees } from '../domain/money.js';
import { SOLD_BY_THE_PIECE } from '../domain/product-units.js';
import { productDataFieldSchema, productDataSchema } from './product-editing.js';
import { validationMessage } from './common.js';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('product data', () => {
  const valid = {
    name: 'Basmati Rice',
    description: 'Long grain\n\n  Aged one year  \r\nFrom Dehradun',
    category: 'Grains',
    price: 120,
    offerPrice: 99.5,
  };

  it('splits the description into trimmed non-empty lines and turns a missing weight, codes and GST rate into null', () => {
    expect(productDataSchema.parse(valid)).toEqual({
      ...valid,
      description: ['Long grain', 'Aged one year', 'From Dehradun'],
      weight: null,
      sku: null,
      barcode: null,
      hsn: null,
      gstRate: null,
      ...SOLD_BY_THE_PIECE,
      // Left to the server: a product added without one is sold by the piece.
      unit: undefined,
    });
  });

  it('accepts the description as a list and parses the multipart JSON field', () => {
    const parsed = productDataFieldSchema.parse(
      JSON.stringify({ ...valid, description: [' a ', ''] }),
    );
    expect(parsed.description).toEqual(['a']);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name is required'],
    [
      'an unknown category',
      { category: 'Toys & Games' },
      'category must be the path of a category',
    ],
    ['a zero price', { price: 0 }, 'price must be greater than 0'],
    ['a price of less than a paisa', { price: 1e-18 }, 'price must be greater than 0'],
    ['a price as text', { price: '120' }, 'price must be a number'],
    ['a price with three decimals', { price: 1.005 }, 'price must have at most two decimals'],
    ['an offer price above the price', { offerPrice: 130 }, 'offerPrice must not exceed price'],
  ])('names the field on %s', (_case, change, message) => {
    expect(messageOf(productDataSchema, { ...valid, ...change })).toBe(message);
  });

  it('accepts every price with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (paise) => {
        const price = toRupees(paise);
        expect(productDataSchema.safeParse({ ...valid, price, offerPrice: price }).success).toBe(
          true,
        );
      }),
    );
  });

  it('reads prices written as text in the multipart field only, as browser forms send them', () => {
    const typed = { ...valid, price: '120', offerPrice: ' 99.50 ' };
    expect(productDataFieldSchema.parse(JSON.stringify(typed))).toMatchObject({
      price: 120,
      offerPrice: 99.5,
    });
    expect(messageOf(productDataSchema, typed)).toBe('price must be a number');
    expect(messageOf(productDataFieldSchema, JSON.stringify({ ...typed, price: 'abc' }))).toBe(
      'price must be a number',
    );
    expect(messageOf(productDataFieldSchema, JSON.stringify({ ...typed, price: '' }))).toBe(
      'price must be a number',
    );
  });

  it('reads a unit in any case and steps and a pack quantity as a spreadsheet writes them', () => {
    expect(
      productDataFieldSchema.parse(
        JSON.stringify({ ...valid, unit: ' KG ', steps: '250| 500 |1000', packQuantity: '750' }),
      ),
    ).toMatchObject({ unit: 'kg', steps: [250, 500, 1000], packQuantity: 750 });
    expect(productDataSchema.parse({ ...valid, unit: 'l', steps: [] })).toMatchObject({
      unit: 'L',
      steps: null,
    });
    expect(messageOf(productDataSchema, { ...valid, steps: 'some' })).toBe(
      'steps must be a list of grams (or ml), e.g. [250, 500, 1000] or 250|500|1000',
    );
    expect(messageOf(productDataSchema, { ...valid, scaleCode: '2101' })).toBe(
      'scaleCode must be 5 digits',
    );
    expect(messageOf(productDataSchema, { ...valid, drawsFrom: 'rice' })).toBe(
      'drawsFrom must be a valid id',
    );
  });

  it('reads an HSN code of 4, 6 or 8 digits and a GST rate in percent, as a number or as a form writes it', () => {
    expect(productDataSchema.parse({ ...valid, hsn: ' 10063020 ', gstRate: 5 })).toMatchObject({
      hsn: '10063020',
      gstRate: 5,
    });
    for (const [written, rate] of [
      ['5%', 5],
      [' 18 % ', 18],
      ['0.25', 0.25],
      ['0', 0],
      ['', null],
    ] as const)
      expect(
        productDataFieldSchema.parse(JSON.stringify({ ...valid, gstRate: written })).gstRate,
      ).toBe(rate);
    expect(productDataSchema.parse({ ...valid, hsn: '', gstRate: null })).toMatchObject({
      hsn: null,
      gstRate: null,
    });
    const hsnExpected = 'hsn must be an HSN code of 4, 6 or 8 digits, such as 1006 or 04012000';
    expect(messageOf(productDataSchema, { ...valid, hsn: '10061' })).toBe(hsnExpected);
    expect(messageOf(productDataSchema, { ...valid, hsn: '1006 30' })).toBe(hsnExpected);
    const rateExpected = 'gstRate must be one of 0, 0.25, 3, 5, 18, 40 (percent)';
    expect(messageOf(productDataSchema, { ...valid, gstRate: 12 })).toBe(rateExpected);
    expect(messageOf(productDataSchema, { ...valid, gstRate: '28%' })).toBe(rateExpected);
    expect(messageOf(productDataSchema, { ...valid, gstRate: '5%%' })).toBe(rateExpected);
  });

  it('says when the multipart field is not JSON', () => {
    expect(messageOf(productDataFieldSchema, '{name:')).toBe('productData must be valid JSON');
  });
});
