import {
  counterDayAnswerSchema,
  counterSaleAnswerSchema,
  dashboardAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  productItemsAnswerSchema,
  productPageAnswerSchema,
  productSavedAnswerSchema,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn, useSeller } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';

describe('a counter sale past the count: the customer holds the packet the count says is gone', () => {
  // Its own database: one day of the till is open at a time, shop-wide.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);
  beforeEach(async () => {
    await seller.post('/api/counter/day/open').send({ openingFloat: 0 }).expect(201);
  });
  afterEach(async () => {
    const { day } = counterDayAnswerSchema.parse(
      (await seller.get('/api/counter/day').expect(200)).body,
    );
    if (day) await seller.post('/api/counter/day/close').send({ countedCash: 0 }).expect(200);
  });

  const sell = (product: string, quantity: number, more: object = {}) =>
    seller
      .post('/api/counter/sales')
      .set(IDEMPOTENCY_KEY_HEADER, randomUUID())
      .send({ items: [{ product, quantity }], payment: 'upi', ...more });
  /** The product as the seller's answers give it. */
  const productOf = async (id: string) => {
    const answer = await seller.get('/api/product/items').query({ ids: id }).expect(200);
    const [product] = productItemsAnswerSchema.parse(answer.body).products;
    return product;
  };

  const toCount = async () =>
    dashboardAnswerSchema.parse((await seller.get('/api/dashboard').expect(200)).body).dashboard
      .toCount;

  test('the dashboard lists the 20 products sold furthest past their count, and how many there are', async () => {
    const products = await Promise.all(
      Array.from({ length: 22 }, (_, index) =>
        createProduct(app.orm.em.fork(), {
          name: `Biscuits ${index + 1}`,
          stockCount: 0,
          inStock: false,
        }),
      ),
    );
    for (const [index, product] of products.entries())
      await sell(product.id, index + 1, { sellPastCount: true }).expect(201);
    const listed = await toCount();
    expect(listed.total).toBe(22);
    expect(listed.products).toHaveLength(20);
    expect(listed.products[0]).toEqual({
      _id: products[21]?.id,
      name: 'Biscuits 22',
      unit: 'piece',
      pastCount: 22,
    });
    expect(listed.products.at(-1)?.pastCount).toBe(3);
    // The Product List narrows to all of them.
    const toCountList = async () =>
      productPageAnswerSchema.parse(
        (
          await seller
            .get('/api/product/seller/list')
            .query({ filter: 'past-count', limit: 100 })
            .expect(200)
        ).body,
      );
    expect((await toCountList()).total).toBe(22);
    await seller
      .post('/api/product/stock/bulk')
      .send({ changes: products.map((product) => ({ id: product.id, stockCount: 10 })) })
      .expect(200);
    expect(await toCount()).toEqual({ products: [], total: 0 });
    expect((await toCountList()).total).toBe(0);
  });

  test('without the seller’s word the sale stays refused; with it the sale is recorded, the count stays 0 and the units beyond it are the product’s pastCount', async () => {
    const tea = await createProduct(app.orm.em.fork(), { name: 'Tea 250 g', stockCount: 1 });

    const refused = await sell(tea.id, 3).expect(409);
    expect(refused.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Tea 250 g: only 1 left in stock',
    });
    expect(await productOf(tea.id)).toMatchObject({ stockCount: 1, pastCount: 0, inStock: true });

    const sold = await sell(tea.id, 3, { sellPastCount: true }).expect(201);
    expect(counterSaleAnswerSchema.parse(sold.body).sale.lines).toMatchObject([
      { product: tea.id, quantity: 3 },
    ]);
    expect(await productOf(tea.id)).toMatchObject({ stockCount: 0, pastCount: 2, inStock: false });

    // At 0 the product is out of stock: refused again without the word, sold with it.
    const outOfStock = await sell(tea.id, 1).expect(409);
    expect(outOfStock.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Tea 250 g is out of stock',
    });
    await sell(tea.id, 1, { sellPastCount: true }).expect(201);
    expect(await productOf(tea.id)).toMatchObject({ stockCount: 0, pastCount: 3 });
    const { sales } = (await seller.get('/api/counter/sales').expect(200)).body as {
      sales: unknown[];
    };
    expect(sales).toHaveLength(2);

    // The dashboard lists it among the shelves to count.
    expect((await toCount()).products).toContainEqual({
      _id: tea.id,
      name: 'Tea 250 g',
      unit: 'piece',
      pastCount: 3,
    });

    // The shelf counted: the count set again puts pastCount back to 0.
    const counted = await seller.post('/api/product/stock').send({ id: tea.id, stockCount: 4 });
    expect(productSavedAnswerSchema.parse(counted.body).product).toMatchObject({
      stockCount: 4,
      pastCount: 0,
      inStock: true,
    });
    expect((await toCount()).products.map((product) => product._id)).not.toContain(tea.id);
  });

  test('a product not counted, or switched off with units left, is not sold past anything', async () => {
    const untracked = await createProduct(app.orm.em.fork(), { stockCount: null, inStock: false });
    const switchedOff = await createProduct(app.orm.em.fork(), { stockCount: 5, inStock: false });
    for (const product of [untracked, switchedOff]) {
      const refused = await sell(product.id, 1, { sellPastCount: true }).expect(409);
      expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK' });
    }
    expect(await productOf(switchedOff.id)).toMatchObject({ stockCount: 5, pastCount: 0 });
    // Sold within its count, the word changes nothing.
    const counted = await createProduct(app.orm.em.fork(), { stockCount: 5 });
    await sell(counted.id, 2, { sellPastCount: true }).expect(201);
    expect(await productOf(counted.id)).toMatchObject({ stockCount: 3, pastCount: 0 });
  });

  test('sales past the count at once never lose a unit of pastCount', async () => {
    const soap = await createProduct(app.orm.em.fork(), { stockCount: 3 });
    await Promise.all(
      Array.from({ length: 6 }, () => sell(soap.id, 2, { sellPastCount: true }).expect(201)),
    );
    // 12 sold of 3 counted.
    expect(await productOf(soap.id)).toMatchObject({ stockCount: 0, pastCount: 9 });
  });

  test('a bulk stock edit counts the shelf again; an online order never sells past the count', async () => {
    const oil = await createProduct(app.orm.em.fork(), { stockCount: 0, inStock: false });
    await sell(oil.id, 2, { sellPastCount: true }).expect(201);
    const shopper = await signUpShopper(app);
    const { address } = (
      await shopper.http.post('/api/address/add').send({ address: sampleAddress })
    ).body;
    const placed = await shopper.http
      .post('/api/order/cod')
      .send({
        items: [{ product: oil.id, quantity: 1 }],
        address: address._id,
        sellPastCount: true,
      })
      .expect(409);
    expect(placed.body).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await productOf(oil.id)).toMatchObject({ stockCount: 0, pastCount: 2 });

    await seller
      .post('/api/product/stock/bulk')
      .send({ changes: [{ id: oil.id, stockCount: 6 }] })
      .expect(200);
    expect(await productOf(oil.id)).toMatchObject({ stockCount: 6, pastCount: 0 });
  });

  test('an import counts the shelf again where its row gives a new stockCount, and only there', async () => {
    const sku = `GHEE-${randomUUID().slice(0, 8)}`;
    const ghee = await createProduct(app.orm.em.fork(), { sku, stockCount: 0, inStock: false });
    await sell(ghee.id, 2, { sellPastCount: true }).expect(201);
    const importing = (csv: string) =>
      seller
        .post('/api/product/import')
        .attach('file', Buffer.from(csv), 'products.csv')
        .field('mode', 'apply')
        .expect(200);
    await importing(`sku,weight\r\n${sku},1 kg\r\n`);
    expect(await productOf(ghee.id)).toMatchObject({ stockCount: 0, pastCount: 2 });
    // An export brought back with its count as it was counted nothing, and says no change.
    const unchanged = await importing(`sku,stockCount\r\n${sku},0\r\n`);
    expect(unchanged.body).toMatchObject({ updated: 0, unchanged: 1, changes: [] });
    expect(await productOf(ghee.id)).toMatchObject({ stockCount: 0, pastCount: 2 });
    const preview = await seller
      .post('/api/product/import')
      .attach('file', Buffer.from(`sku,stockCount\r\n${sku},3\r\n`), 'products.csv')
      .expect(200);
    expect(preview.body.changes).toEqual([
      expect.objectContaining({
        fields: expect.arrayContaining([{ field: 'stockCount', from: '0', to: '3' }]),
      }),
    ]);
    await importing(`sku,stockCount\r\n${sku},3\r\n`);
    expect(await productOf(ghee.id)).toMatchObject({ stockCount: 3, pastCount: 0 });
  });
});
