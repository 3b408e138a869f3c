import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createProduct } from '../../test/factories.js';
import { AppError } from '../../lib/errors.js';
import { ProductSchema } from './product.entity.js';
import { takeForSale } from './take-for-sale.js';
import type { UnitLines } from './stock-units.js';

describe('takeForSale: the one way online orders and the counter take units and price lines', () => {
  const app = useTestApp();

  /** A sale of `lines` in a transaction of its own, committed unless refused. */
  const sell = (lines: UnitLines, options: { pastCount?: boolean } = {}) =>
    app.orm.em.fork().transactional((tx) => takeForSale(tx, lines, new Date(), options));
  const stockOf = async (id: string) => {
    const product = await app.orm.em.fork().findOneOrFail(ProductSchema, id);
    return { inStock: product.inStock, stockCount: product.stockCount, past: product.pastCount };
  };
  const refusal = (lines: UnitLines, options: { pastCount?: boolean } = {}) =>
    sell(lines, options).then(
      () => expect.fail('the sale went through'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(AppError);
        const { code, message } = error as AppError;
        return { code, message };
      },
    );

  test('answers the lines in their order, priced at the offer price, with the counted units taken', async () => {
    const em = app.orm.em.fork();
    const counted = await createProduct(em, { name: 'Atta 5 kg', stockCount: 10 });
    const loose = await createProduct(em, { name: 'Salt', offerPricePaise: 2_500 });

    const sold = await sell([
      { product: loose.id, quantity: 3 },
      { product: counted.id, quantity: 4 },
    ]);
    expect(sold).toEqual([
      { product: loose.id, name: 'Salt', quantity: 3, unitPrice: 2_500, taken: false },
      { product: counted.id, name: 'Atta 5 kg', quantity: 4, unitPrice: 9_950, taken: true },
    ]);
    expect(await stockOf(counted.id)).toEqual({ inStock: true, stockCount: 6, past: 0 });
    expect(await stockOf(loose.id)).toEqual({ inStock: true, stockCount: null, past: 0 });
  });

  test('refuses what is sold by weight, or draws from loose stock, until weighed sales are sold, taking nothing', async () => {
    const em = app.orm.em.fork();
    const dal = await createProduct(em, { name: 'Toor Dal', stockCount: 5_000 });
    await em.nativeUpdate(ProductSchema, dal.id, { unit: 'kg', steps: [250, 500, 1_000] });
    const pack = await createProduct(em, { name: 'Toor Dal 1 kg', stockCount: null });
    await em.nativeUpdate(ProductSchema, pack.id, { drawsFrom: dal.id, packQuantity: 1_000 });
    const atta = await createProduct(em, { name: 'Atta 5 kg', stockCount: 10 });

    expect(
      await refusal([
        { product: atta.id, quantity: 1 },
        { product: dal.id, quantity: 1 },
      ]),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Toor Dal is sold by the kilo, which orders and the counter do not sell yet',
    });
    expect(await refusal([{ product: pack.id, quantity: 1 }])).toEqual({
      code: 'CONFLICT',
      message: 'Toor Dal 1 kg draws from loose stock, which orders and the counter do not sell yet',
    });
    expect(await stockOf(atta.id)).toEqual({ inStock: true, stockCount: 10, past: 0 });
    expect(await stockOf(dal.id)).toEqual({ inStock: true, stockCount: 5_000, past: 0 });
  });

  test('two sales racing for the last unit: one takes it, the other is refused, the count stops at 0', async () => {
    const last = await createProduct(app.orm.em.fork(), { name: 'Ghee 1 L', stockCount: 1 });
    const line = [{ product: last.id, quantity: 1 }];

    const results = await Promise.allSettled([sell(line), sell(line)]);
    const sold = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as AppError] : [],
    );
    expect(sold).toHaveLength(1);
    expect(refused.map(({ code, message }) => ({ code, message }))).toEqual([
      { code: 'OUT_OF_STOCK', message: 'Ghee 1 L is out of stock' },
    ]);
    expect(await stockOf(last.id)).toEqual({ inStock: false, stockCount: 0, past: 0 });
  });

  test('refusals name the product, and a refused sale takes nothing from its other lines', async () => {
    const em = app.orm.em.fork();
    const plenty = await createProduct(em, { stockCount: 50 });
    const few = await createProduct(em, { name: 'Paneer 200 g', stockCount: 2 });
    const off = await createProduct(em, { name: 'Curd', inStock: false });
    const archived = await createProduct(em, { name: 'Old soap' });
    archived.archivedAt = new Date();
    await em.flush();
    const unknown = '0190a000-0000-7000-8000-000000000000';
    const first = { product: plenty.id, quantity: 5 };

    expect(await refusal([first, { product: few.id, quantity: 3 }])).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Paneer 200 g: only 2 left in stock',
    });
    expect(await refusal([first, { product: off.id, quantity: 1 }])).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Curd is out of stock',
    });
    expect(await refusal([first, { product: archived.id, quantity: 1 }])).toEqual({
      code: 'CONFLICT',
      message: 'Old soap is no longer sold',
    });
    expect(await refusal([first, { product: unknown, quantity: 1 }])).toEqual({
      code: 'INVALID',
      message: `items: no product with id ${unknown}`,
    });
    expect(await stockOf(plenty.id)).toEqual({ inStock: true, stockCount: 50, past: 0 });
    expect(await stockOf(few.id)).toEqual({ inStock: true, stockCount: 2, past: 0 });
  });

  test('past the count (the counter, with the seller’s word) a short product is taken all the same, the units beyond it added to pastCount', async () => {
    const em = app.orm.em.fork();
    const short = await createProduct(em, { stockCount: 1 });
    const empty = await createProduct(em, { stockCount: 0, inStock: false });
    const switchedOff = await createProduct(em, { name: 'Bread', stockCount: 4, inStock: false });

    const sold = await sell(
      [
        { product: short.id, quantity: 3 },
        { product: empty.id, quantity: 2 },
      ],
      { pastCount: true },
    );
    expect(sold.map((line) => line.taken)).toEqual([true, true]);
    expect(await stockOf(short.id)).toEqual({ inStock: false, stockCount: 0, past: 2 });
    expect(await stockOf(empty.id)).toEqual({ inStock: false, stockCount: 0, past: 2 });
    expect(await refusal([{ product: switchedOff.id, quantity: 1 }], { pastCount: true })).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Bread is out of stock',
    });
  });
});
