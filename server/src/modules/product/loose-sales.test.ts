import {
  counterLookupAnswerSchema,
  counterReturnAnswerSchema,
  counterSaleAnswerSchema,
  ean13CheckDigit,
  productItemsAnswerSchema,
  productSavedAnswerSchema,
  type Product,
  userOrdersAnswerSchema,
} from '@kirana/shared';
import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';
import { sampleAddress, signUpShopper } from '../../test/factories.js';
import { ProductSchema } from './product.entity.js';

/** A scale label: `prefix`, the product's scale code, the 5-digit `value` and its check digit. */
const label = (prefix: string, scaleCode: string, value: number) => {
  const digits = `${prefix}${scaleCode}${String(value).padStart(5, '0')}`;
  return `${digits}${ean13CheckDigit(digits)}`;
};

describe('loose goods sold: grams online in steps and at the counter by weight, from one stock', () => {
  // Its own database: one day of the till is open at a time, shop-wide.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  afterEach(async () => {
    const day = await seller.get('/api/counter/day').expect(200);
    if (day.body.day)
      await seller.post('/api/counter/day/close').send({ countedCash: 0 }).expect(200);
  });

  /** Loose Toor Dal at ₹140/kg, `grams` of it, and its 1 kg pack at ₹145 drawing from it. */
  async function dalAndPack(grams: number) {
    const add = async (data: object): Promise<Product> =>
      productSavedAnswerSchema.parse(
        (
          await seller
            .post('/api/product/add')
            .field('productData', JSON.stringify({ category: 'Grains', ...data }))
            .expect(201)
        ).body,
      ).product;
    const scaleCode = String(randomInt(10_000, 99_999));
    const dal = await add({
      name: `Toor Dal ${scaleCode}`,
      price: 150,
      offerPrice: 140,
      unit: 'kg',
      steps: [250, 500, 1000],
      scaleCode,
    });
    await seller.post('/api/product/stock').send({ id: dal._id, stockCount: grams }).expect(200);
    const pack = await add({
      name: `Toor Dal 1 kg ${scaleCode}`,
      price: 150,
      offerPrice: 145,
      drawsFrom: dal._id,
      packQuantity: 1000,
    });
    return { dal, pack, scaleCode };
  }
  const gramsOf = async (id: string) =>
    (await app.orm.em.fork().findOneOrFail(ProductSchema, id)).stockCount;
  async function shopper() {
    const { http } = await signUpShopper(app);
    const added = await http.post('/api/address/add').send({ address: sampleAddress }).expect(201);
    const order = (items: Array<[string, number]>) =>
      http.post('/api/order/cod').send({
        items: items.map(([product, quantity]) => ({ product, quantity })),
        address: added.body.address._id,
      });
    return { http, order };
  }
  const sell = (items: object[]) =>
    seller.post('/api/counter/sales').send({ items, payment: 'cash' });

  test('a shopper orders 500 g and a 1 kg pack: 1.5 kg leaves the loose stock, priced per kilo; a weight that is no step is refused, and a cancellation puts the grams back', async () => {
    const { dal, pack } = await dalAndPack(5_000);
    const { http, order } = await shopper();

    await http
      .post('/api/cart/update')
      .send({ cartItems: { [dal._id]: 500, [pack._id]: 1 } })
      .expect(200);
    const notAStep = await http
      .post('/api/cart/update')
      .send({ cartItems: { [dal._id]: 300 } })
      .expect(400);
    expect(notAStep.body).toMatchObject({ success: false, code: 'NOT_A_STEP' });
    const refused = await order([[dal._id, 750]]).expect(400);
    expect(refused.body).toEqual({
      success: false,
      code: 'NOT_A_STEP',
      message: `${dal.name} is sold online in 250 g, 500 g, 1 kg: 750 g is not one of them`,
    });
    expect(await gramsOf(dal._id)).toBe(5_000);

    await order([
      [dal._id, 500],
      [pack._id, 1],
    ]).expect(201);
    expect(await gramsOf(dal._id)).toBe(3_500);
    const [placed] = userOrdersAnswerSchema.parse(
      (await http.get('/api/order/user').expect(200)).body,
    ).orders;
    // ₹70 for 500 g at ₹140/kg, ₹145 for the pack, 2 % tax on ₹215.
    expect(placed?.amount).toBe(219.3);
    expect(placed?.items.map(({ product, quantity }) => [product.unit, quantity])).toEqual([
      ['kg', 500],
      ['piece', 1],
    ]);

    await http.post('/api/order/cancel').send({ orderId: placed?._id }).expect(200);
    expect(await gramsOf(dal._id)).toBe(5_000);
  });

  test('the counter sells a typed weight and scale labels of weight and of price; a label that does not check is refused; a return puts its grams back', async () => {
    const { dal, scaleCode } = await dalAndPack(5_000);
    await seller.post('/api/counter/day/open').send({ openingFloat: 500 }).expect(201);

    const weighed = label('21', scaleCode, 750);
    const looked = counterLookupAnswerSchema.parse(
      (await seller.get('/api/counter/lookup').query({ code: weighed }).expect(200)).body,
    );
    expect(looked).toMatchObject({ product: { _id: dal._id, unit: 'kg' }, quantity: 750 });
    // ₹105.00 printed at ₹140/kg: 750 g.
    const priced = label('23', scaleCode, 10_500);
    expect(
      (await seller.get('/api/counter/lookup').query({ code: priced }).expect(200)).body.quantity,
    ).toBe(750);

    const misread = `${weighed.slice(0, 12)}${(Number(weighed[12]) + 1) % 10}`;
    const bad = await seller.get('/api/counter/lookup').query({ code: misread }).expect(400);
    expect(bad.body).toMatchObject({ success: false, code: 'SCALE_LABEL_INVALID' });
    expect(bad.body.message).toMatch(/does not check/);
    const unset = await sell([{ code: label('25', scaleCode, 750) }]).expect(400);
    expect(unset.body.message).toMatch(/Labels beginning 25 are not set up/);
    const twice = await sell([{ code: weighed, quantity: 750 }]).expect(400);
    expect(twice.body.message).toMatch(/says its own weight/);

    const { sale } = counterSaleAnswerSchema.parse(
      (
        await sell([
          { product: dal._id, quantity: 333 },
          { code: weighed },
          { code: priced },
        ]).expect(201)
      ).body,
    );
    // 333 g + 750 g + 750 g on one line: 1.833 kg at ₹140/kg is ₹256.62.
    expect(sale.lines).toEqual([
      expect.objectContaining({ unit: 'kg', quantity: 1_833, unitPrice: 140, amount: 256.62 }),
    ]);
    expect(sale.subtotal).toBe(256.62);
    expect(await gramsOf(dal._id)).toBe(5_000 - 1_833);

    const back = counterReturnAnswerSchema.parse(
      (
        await seller
          .post(`/api/counter/sales/${sale._id}/return`)
          .send({ lines: [{ product: dal._id, quantity: 250 }] })
          .expect(200)
      ).body,
    );
    // 250 g of the 1.833 kg: what 250 g came to, tax and all.
    expect(back.return.lines).toEqual([
      expect.objectContaining({ unit: 'kg', quantity: 250, amount: 35 }),
    ]);
    expect(back.return.amount).toBe(35.7);
    expect(await gramsOf(dal._id)).toBe(5_000 - 1_833 + 250);
    const tooMuch = await seller
      .post(`/api/counter/sales/${sale._id}/return`)
      .send({ lines: [{ product: dal._id, quantity: 1_600 }] })
      .expect(409);
    expect(tooMuch.body.message).toBe(`Only 1.583 kg of ${dal.name} can come back`);
  });

  test('a pack is answered out of stock while its loose product holds less than one pack', async () => {
    const { dal, pack } = await dalAndPack(800);
    const packNow = async () => {
      const answer = await app.http().get(`/api/product/items?ids=${pack._id}`).expect(200);
      return productItemsAnswerSchema.parse(answer.body).products[0];
    };
    expect(await packNow()).toMatchObject({ inStock: false, stockCount: null });
    await seller.post('/api/product/stock').send({ id: dal._id, stockCount: 1_000 }).expect(200);
    expect(await packNow()).toMatchObject({ inStock: true, stockCount: null });
    const found = await app.http().get('/api/product/search').query({ q: pack.name }).expect(200);
    expect(found.body.products.find((each: Product) => each._id === pack._id)?.inStock).toBe(true);
    await seller.post('/api/product/stock').send({ id: dal._id, inStock: false }).expect(200);
    expect(await packNow()).toMatchObject({ inStock: false });
  });

  test('online packs and counter weights racing for the last kilo never take it below zero', async () => {
    const { dal, pack } = await dalAndPack(1_000);
    await seller.post('/api/counter/day/open').send({ openingFloat: 500 }).expect(201);
    const shoppers = await Promise.all([shopper(), shopper(), shopper()]);

    const answers = await Promise.all([
      ...shoppers.map(({ order }) => order([[pack._id, 1]])),
      ...shoppers.map(({ order }) => order([[dal._id, 250]])),
      sell([{ product: dal._id, quantity: 400 }]),
      sell([{ product: dal._id, quantity: 400 }]),
    ]);
    const grams = [1_000, 1_000, 1_000, 250, 250, 250, 400, 400];
    const taken = answers.reduce(
      (sum, answer, index) => (answer.status === 201 ? sum + (grams[index] ?? 0) : sum),
      0,
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const left = await gramsOf(dal._id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(taken + (left ?? 0)).toBe(1_000);
    expect(left).toBeLessThan(250);
  });
});
