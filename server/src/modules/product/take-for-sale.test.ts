import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createProduct } from '../../test/factories.js';
import { AppError } from '../../lib/errors.js';
import { ProductSchema } from './product.entity.js';
import { takeForSale, type TakeOptions } from './take-for-sale.js';
import type { UnitLines } from './stock-units.js';

describe('takeForSale: the one way online orders and the counter take units and price lines', () => {
  const app = useTestApp();

  /** A sale of `lines` in a transaction of its own, committed unless refused. */
  const sell = (lines: UnitLines, options: TakeOptions = {}) =>
    app.orm.em.fork().transactional((tx) => takeForSale(tx, lines, new Date(), options));
  const stockOf = async (id: string) => {
    const product = await app.orm.em.fork().findOneOrFail(ProductSchema, id);
    return { inStock: product.inStock, stockCount: product.stockCount, past: product.pastCount };
  };
  const refusal = (lines: UnitLines, options: TakeOptions = {}) =>
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
      {
        product: loose.id,
        name: 'Salt',
        unit: 'piece',
        quantity: 3,
        unitPrice: 2_500,
        stockProduct: loose.id,
        stockQuantity: 3,
        taken: false,
        pastCount: 0,
        hsn: null,
        gstRate: null,
      },
      {
        product: counted.id,
        name: 'Atta 5 kg',
        unit: 'piece',
        quantity: 4,
        unitPrice: 9_950,
        stockProduct: counted.id,
        stockQuantity: 4,
        taken: true,
        pastCount: 0,
        hsn: null,
        gstRate: null,
      },
    ]);
    expect(await stockOf(counted.id)).toEqual({ inStock: true, stockCount: 6, past: 0 });
    expect(await stockOf(loose.id)).toEqual({ inStock: true, stockCount: null, past: 0 });
  });

  test('answers each line’s HSN code and GST rate in percent; a registered shop (regular) sells no product without them, and takes nothing', async () => {
    const em = app.orm.em.fork();
    const ghee = await createProduct(em, { name: 'Ghee 1 L', stockCount: 5 });
    await em.nativeUpdate(ProductSchema, ghee.id, { hsn: '0405', gstRate: 500 });
    const bare = await createProduct(em, { name: 'Papad', stockCount: 5 });

    const [sold] = await sell([{ product: ghee.id, quantity: 1 }], { tax: 'regular' });
    expect(sold).toMatchObject({ hsn: '0405', gstRate: 5 });
    expect(
      await refusal(
        [
          { product: ghee.id, quantity: 1 },
          { product: bare.id, quantity: 1 },
        ],
        { tax: 'regular' },
      ),
    ).toEqual({
      code: 'GST_DETAILS_MISSING',
      message: 'Papad has no HSN code or GST rate: set them on the product before selling it',
    });
    expect(await stockOf(ghee.id)).toEqual({ inStock: true, stockCount: 4, past: 0 });
    expect(await stockOf(bare.id)).toEqual({ inStock: true, stockCount: 5, past: 0 });
    // Other modes sell it, with no HSN or rate to say.
    for (const tax of ['spec', 'unregistered', 'composition'] as const)
      expect(await sell([{ product: bare.id, quantity: 1 }], { tax })).toEqual([
        expect.objectContaining({ hsn: null, gstRate: null }),
      ]);
  });

  /** Loose Toor Dal, 5 kg of it at ₹140/kg in steps of 250 g, 500 g and 1 kg, and its 1 kg pack. */
  async function looseDal() {
    const em = app.orm.em.fork();
    const dal = await createProduct(em, {
      name: 'Toor Dal',
      stockCount: 5_000,
      pricePaise: 14_000,
      offerPricePaise: 14_000,
    });
    await em.nativeUpdate(ProductSchema, dal.id, { unit: 'kg', steps: [250, 500, 1_000] });
    const pack = await createProduct(em, {
      name: 'Toor Dal 1 kg',
      stockCount: null,
      pricePaise: 15_000,
      offerPricePaise: 14_500,
    });
    await em.nativeUpdate(ProductSchema, pack.id, { drawsFrom: dal.id, packQuantity: 1_000 });
    return { dal, pack };
  }

  test('sells grams of a loose product and packs drawing from it from its one stock', async () => {
    const { dal, pack } = await looseDal();

    const sold = await sell([
      { product: dal.id, quantity: 750 },
      { product: pack.id, quantity: 2 },
    ]);
    expect(sold).toEqual([
      expect.objectContaining({
        product: dal.id,
        unit: 'kg',
        quantity: 750,
        unitPrice: 14_000,
        stockProduct: dal.id,
        stockQuantity: 750,
        taken: true,
      }),
      expect.objectContaining({
        product: pack.id,
        unit: 'piece',
        quantity: 2,
        unitPrice: 14_500,
        stockProduct: dal.id,
        stockQuantity: 2_000,
        taken: true,
      }),
    ]);
    // 750 g and two 1 kg packs from the 5 kg.
    expect(await stockOf(dal.id)).toEqual({ inStock: true, stockCount: 2_250, past: 0 });
    expect(await stockOf(pack.id)).toEqual({ inStock: true, stockCount: null, past: 0 });

    expect(
      await refusal([
        { product: dal.id, quantity: 1_500 },
        { product: pack.id, quantity: 1 },
      ]),
    ).toEqual({ code: 'OUT_OF_STOCK', message: 'Toor Dal: only 2.25 kg left in stock' });
    expect(await stockOf(dal.id)).toEqual({ inStock: true, stockCount: 2_250, past: 0 });
  });

  test('online, a loose product is sold in its steps and up to the most per line in kilos; the counter weighs any', async () => {
    const { dal } = await looseDal();
    const online = { online: { maxPerLine: 1 } };
    const sellOnline = (quantity: number) =>
      app.orm.em
        .fork()
        .transactional((tx) =>
          takeForSale(tx, [{ product: dal.id, quantity }], new Date(), online),
        );

    await expect(sellOnline(300)).rejects.toMatchObject({
      code: 'NOT_A_STEP',
      message: 'Toor Dal is sold online in 250 g, 500 g, 1 kg: 300 g is not one of them',
    });
    await expect(sellOnline(500)).resolves.toHaveLength(1);
    await app.orm.em
      .fork()
      .nativeUpdate(ProductSchema, dal.id, { steps: [250, 500, 1_000, 2_000] });
    await expect(sellOnline(2_000)).rejects.toMatchObject({
      code: 'TOO_MANY_UNITS',
      message: 'At most 1 kg of Toor Dal can be in one order',
    });
    // At the counter: 333 g off the scale.
    await expect(sell([{ product: dal.id, quantity: 333 }])).resolves.toHaveLength(1);
    expect(await stockOf(dal.id)).toEqual({ inStock: true, stockCount: 4_167, past: 0 });
    // A tonne and a gram, or 1,000 pieces, is no line's.
    expect(await refusal([{ product: dal.id, quantity: 1_000_001 }])).toMatchObject({
      code: 'INVALID',
    });
  });

  test('a pack is out of stock when its loose product is, or when it is switched off itself', async () => {
    const { dal, pack } = await looseDal();
    await sell([{ product: dal.id, quantity: 4_500 }]);
    expect(await refusal([{ product: pack.id, quantity: 1 }])).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Toor Dal: only 500 g left in stock',
    });
    // Switched off with loose stock enough for it: refused all the same, nothing taken.
    await app.orm.em.fork().nativeUpdate(ProductSchema, dal.id, { stockCount: 5_000 });
    await app.orm.em.fork().nativeUpdate(ProductSchema, pack.id, { inStock: false });
    expect(await refusal([{ product: pack.id, quantity: 1 }])).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Toor Dal 1 kg is out of stock',
    });
    expect(await refusal([{ product: pack.id, quantity: 1 }], { pastCount: true })).toMatchObject({
      code: 'OUT_OF_STOCK',
    });
    expect(await stockOf(dal.id)).toEqual({ inStock: true, stockCount: 5_000, past: 0 });
  });

  test('racing buyers of the last grams, online in packs and at the counter by weight, never take more than there is', async () => {
    const { dal, pack } = await looseDal();
    // 5 kg: ten sales of 700 g and five of a 1 kg pack race for it.
    const sales = [
      ...Array.from({ length: 10 }, () => sell([{ product: dal.id, quantity: 700 }])),
      ...Array.from({ length: 5 }, () => sell([{ product: pack.id, quantity: 1 }])),
    ];
    const results = await Promise.allSettled(sales);
    const taken = results.reduce(
      (sum, result, index) =>
        result.status === 'fulfilled' ? sum + (index < 10 ? 700 : 1_000) : sum,
      0,
    );
    const left = await stockOf(dal.id);
    expect(taken + (left.stockCount ?? 0)).toBe(5_000);
    expect(left.stockCount).toBeGreaterThanOrEqual(0);
    expect(left.stockCount).toBeLessThan(700);
    for (const result of results)
      if (result.status === 'rejected')
        expect((result.reason as AppError).code).toMatch(/^(OUT_OF_STOCK|CONFLICT)$/);
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
    expect(sold.map((line) => line.pastCount)).toEqual([2, 2]);
    expect(await stockOf(short.id)).toEqual({ inStock: false, stockCount: 0, past: 2 });
    expect(await stockOf(empty.id)).toEqual({ inStock: false, stockCount: 0, past: 2 });
    expect(await refusal([{ product: switchedOff.id, quantity: 1 }], { pastCount: true })).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Bread is out of stock',
    });
  });

  test('a sale made offline is never refused for stock: a product switched off since is taken from, each line priced as charged', async () => {
    const em = app.orm.em.fork();
    const switchedOff = await createProduct(em, { name: 'Bread', stockCount: 4, inStock: false });
    const uncounted = await createProduct(em, { name: 'Salt', stockCount: null, inStock: false });
    const sold = await sell(
      [
        { product: switchedOff.id, quantity: 6 },
        { product: uncounted.id, quantity: 1 },
      ],
      { madeOffline: true, prices: new Map([[switchedOff.id, 3_000]]) },
    );
    expect(sold).toMatchObject([
      { taken: true, pastCount: 2, unitPrice: 3_000 },
      { taken: false, pastCount: 0, unitPrice: 9_950 },
    ]);
    expect(await stockOf(switchedOff.id)).toEqual({ inStock: false, stockCount: 0, past: 2 });
  });

  test('what a loose product’s stock gave past its count is told to its lines from the last, each at most its own grams', async () => {
    const { dal, pack } = await looseDal();
    // 5 kg counted, 6.5 kg asked: 1.5 kg past the count, all of it the packs' line's.
    const sold = await sell(
      [
        { product: dal.id, quantity: 2_500 },
        { product: pack.id, quantity: 4 },
      ],
      { pastCount: true },
    );
    expect(sold.map((line) => [line.stockProduct, line.pastCount])).toEqual([
      [dal.id, 0],
      [dal.id, 1_500],
    ]);
    expect(await stockOf(dal.id)).toEqual({ inStock: false, stockCount: 0, past: 1_500 });
  });
});
