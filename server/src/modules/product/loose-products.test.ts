import { randomInt } from 'node:crypto';
import {
  DEFAULT_STEPS,
  MAX_LOOSE_STOCK,
  MAX_STOCK_COUNT,
  productItemsAnswerSchema,
  productListAnswerSchema,
  productSavedAnswerSchema,
  SOLD_BY_THE_PIECE,
  type Product,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { ProductSchema } from './product.entity.js';

let sequence = 0;
/** A scale code no other product of this run has. */
const freshScaleCode = () => String(10_000 + randomInt(0, 80_000) + (sequence += 1));

const dal = { name: 'Toor Dal', category: 'Grains', price: 150, offerPrice: 140 };
const atta = { name: 'Aashirvaad Atta 1 kg', category: 'Grains', price: 60, offerPrice: 55 };

describe('loose goods and packs: a product’s unit, steps, scale code, family and drawsFrom', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const add = (data: object) =>
    seller.post('/api/product/add').field('productData', JSON.stringify(data));
  const update = (data: object) =>
    seller.post('/api/product/update').field('productData', JSON.stringify(data));
  const saved = async (request: ReturnType<typeof add>, status = 201): Promise<Product> =>
    productSavedAnswerSchema.parse((await request.expect(status)).body).product;
  const loose = (more: object = {}) =>
    saved(add({ ...dal, unit: 'kg', scaleCode: freshScaleCode(), ...more }));
  const pack = (drawsFrom: string, more: object = {}) =>
    saved(add({ ...atta, drawsFrom, packQuantity: 1000, ...more }));
  /** The product as it is now. */
  const stored = async (id: string) => {
    const answer = await app.http().get(`/api/product/items?ids=${id}`).expect(200);
    const [product] = productItemsAnswerSchema.parse(answer.body).products;
    if (!product) throw new Error(`no product ${id}`);
    return product;
  };
  const named = (name: string) => app.orm.em.fork().count(ProductSchema, { name });

  test('a piece product answers as before, unit piece and the new fields null, on add and in the list', async () => {
    const answer = await saved(add({ ...atta, name: 'Salt 1 kg' }));
    expect(answer).toMatchObject(SOLD_BY_THE_PIECE);
    const list = productListAnswerSchema.parse(
      (await app.http().get('/api/product/list').expect(200)).body,
    );
    expect(list.products.find((each) => each._id === answer._id)?.unit).toBe('piece');
  });

  test('a loose product is priced per kilo, offered in the default steps when given none, and keeps its scale code; its count is grams, beyond a piece’s most', async () => {
    const scaleCode = freshScaleCode();
    const answer = await saved(add({ ...dal, unit: 'KG', scaleCode }));
    expect(answer).toMatchObject({ unit: 'kg', steps: DEFAULT_STEPS, scaleCode, price: 150 });
    const oil = await saved(add({ ...dal, name: 'Groundnut Oil', unit: 'L', steps: '500|1000' }));
    expect(oil).toMatchObject({ unit: 'L', steps: [500, 1000], scaleCode: null });

    const grams = MAX_STOCK_COUNT * 5;
    const counted = await seller
      .post('/api/product/stock')
      .send({ id: answer._id, stockCount: grams })
      .expect(200);
    expect(counted.body.product.stockCount).toBe(grams);
    await seller
      .post('/api/product/stock')
      .send({ id: answer._id, stockCount: MAX_LOOSE_STOCK + 1 })
      .expect(400);
  });

  test('a pack of a family draws from a loose product: it keeps no count, and a count for it is refused', async () => {
    const loosely = await loose();
    const answer = await pack(loosely._id, { family: 'Aashirvaad Atta', packLabel: '1 kg' });
    expect(answer).toMatchObject({
      unit: 'piece',
      family: 'Aashirvaad Atta',
      packLabel: '1 kg',
      drawsFrom: loosely._id,
      packQuantity: 1000,
      stockCount: null,
    });
    const refused = await seller
      .post('/api/product/stock')
      .send({ id: answer._id, stockCount: 5 })
      .expect(409);
    expect(refused.body).toMatchObject({ success: false, code: 'DRAWS_STOCK' });
    expect((await stored(answer._id)).stockCount).toBeNull();
  });

  test('a piece product’s count over the most a piece may count is refused', async () => {
    const salt = await saved(add({ ...atta, name: 'Salt' }));
    const refused = await seller
      .post('/api/product/stock')
      .send({ id: salt._id, stockCount: MAX_STOCK_COUNT + 1 })
      .expect(400);
    expect(refused.body.message).toBe(`stockCount must be at most ${MAX_STOCK_COUNT}`);
  });

  /** What each refused product asks, given a live loose product, a pack and an archived loose one. */
  type Setup = { loose: Product; pack: Product; archived: Product; piece: Product };
  const refusals: [string, (setup: Setup) => object, number, string, RegExp][] = [
    ['a piece product with steps', () => ({ steps: [250] }), 400, 'UNIT_MISMATCH', /^steps:/],
    [
      'a piece product with a scale code',
      () => ({ scaleCode: '12345' }),
      400,
      'UNIT_MISMATCH',
      /^scaleCode:/,
    ],
    [
      'a loose product drawing from another',
      ({ loose }) => ({ unit: 'kg', drawsFrom: loose._id, packQuantity: 500 }),
      400,
      'UNIT_MISMATCH',
      /^drawsFrom:/,
    ],
    [
      'a pack drawing from a piece product',
      ({ piece }) => ({ drawsFrom: piece._id, packQuantity: 500 }),
      400,
      'DRAWS_FROM_INVALID',
      /sold by the piece/,
    ],
    [
      'a pack drawing from a pack (a chain)',
      ({ pack }) => ({ drawsFrom: pack._id, packQuantity: 500 }),
      400,
      'DRAWS_FROM_INVALID',
      /sold by the piece/,
    ],
    [
      'a pack drawing from an archived loose product',
      ({ archived }) => ({ drawsFrom: archived._id, packQuantity: 500 }),
      400,
      'DRAWS_FROM_INVALID',
      /is archived/,
    ],
    [
      'a pack drawing from an unknown product',
      () => ({ drawsFrom: '0190a5b2-7c3e-7a10-8000-000000000000', packQuantity: 500 }),
      400,
      'DRAWS_FROM_INVALID',
      /no product has this id/,
    ],
    [
      'a pack without its packQuantity',
      ({ loose }) => ({ drawsFrom: loose._id }),
      400,
      'PACK_INCOMPLETE',
      /^packQuantity:/,
    ],
    [
      'a packQuantity of 0',
      ({ loose }) => ({ drawsFrom: loose._id, packQuantity: 0 }),
      400,
      'INVALID',
      /^packQuantity must be at least 1/,
    ],
    [
      'a packQuantity without drawsFrom',
      () => ({ packQuantity: 500 }),
      400,
      'PACK_INCOMPLETE',
      /^drawsFrom:/,
    ],
    [
      'a pack label without a family',
      () => ({ packLabel: '1 kg' }),
      400,
      'PACK_INCOMPLETE',
      /^packLabel:/,
    ],
    ['a family without a pack label', () => ({ family: 'Atta' }), 400, 'PACK_INCOMPLETE', /1 kg/],
    [
      'a scale code not of 5 digits',
      () => ({ unit: 'kg', scaleCode: '1234' }),
      400,
      'INVALID',
      /^scaleCode must be 5 digits/,
    ],
    [
      'a scale code another product has',
      ({ loose }) => ({ unit: 'kg', scaleCode: loose.scaleCode }),
      409,
      'SCALE_CODE_TAKEN',
      /already used by Toor Dal/,
    ],
    [
      'steps out of order',
      () => ({ unit: 'kg', steps: [500, 250] }),
      400,
      'STEPS_INVALID',
      /^steps: Steps go from the smallest up/,
    ],
    [
      'a step of 0 grams',
      () => ({ unit: 'kg', steps: [0, 500] }),
      400,
      'STEPS_INVALID',
      /^steps: A step is a whole number of grams/,
    ],
    ['an unknown unit', () => ({ unit: 'dozen' }), 400, 'INVALID', /^unit must be piece, kg or L/],
  ];

  async function setup(): Promise<Setup> {
    const looseOne = await loose();
    const archived = await loose();
    await seller.post('/api/product/archive').send({ id: archived._id }).expect(200);
    return {
      loose: looseOne,
      archived,
      pack: await pack(looseOne._id),
      piece: await saved(add({ ...atta, name: 'Salt' })),
    };
  }

  test.each(refusals)(
    'adding %s is refused with a clear 4xx and a code, and adds nothing',
    async (_case, change, status, code, message) => {
      const name = `Refused ${randomInt(1e9)}`;
      const answer = await add({ ...atta, name, ...change(await setup()) }).expect(status);
      expect(answer.body).toMatchObject({ success: false, code });
      expect(answer.body.message).toMatch(message);
      expect(await named(name)).toBe(0);
    },
  );

  test.each(refusals)(
    'changing a piece product to %s is refused the same way, and changes nothing',
    async (_case, change, status, code, message) => {
      const all = await setup();
      const changed = await saved(add({ ...atta, name: 'Changed' }));
      const answer = await update({ id: changed._id, ...change(all) }).expect(status);
      expect(answer.body).toMatchObject({ success: false, code });
      expect(answer.body.message).toMatch(message);
      expect(await stored(changed._id)).toEqual(changed);
    },
  );

  test('a product sold by the piece turned loose gets the default steps and loses its count of pieces; back to pieces it loses its steps and scale code', async () => {
    const rice = await saved(add({ ...atta, name: 'Sona Masoori' }));
    await seller.post('/api/product/stock').send({ id: rice._id, stockCount: 12 }).expect(200);
    const scaleCode = freshScaleCode();
    const weighed = await saved(update({ id: rice._id, unit: 'kg', scaleCode }), 200);
    expect(weighed).toMatchObject({
      unit: 'kg',
      steps: DEFAULT_STEPS,
      scaleCode,
      stockCount: null,
    });
    const steps = await saved(update({ id: rice._id, steps: [100, 200] }), 200);
    expect(steps.steps).toEqual([100, 200]);
    const counted = await saved(update({ id: rice._id, unit: 'piece' }), 200);
    expect(counted).toMatchObject({ unit: 'piece', steps: null, scaleCode: null });
  });

  test('a loose product that packs draw from keeps its unit and is not archived; it may still be edited otherwise', async () => {
    const loosely = await loose();
    const one = await pack(loosely._id);
    for (const change of [
      { unit: 'piece' },
      { unit: 'L' },
      { drawsFrom: one._id, unit: 'piece' },
    ]) {
      const answer = await update({ id: loosely._id, ...change }).expect(409);
      expect(answer.body).toMatchObject({ success: false, code: 'DRAWN_FROM' });
      expect(answer.body.message).toContain(atta.name);
    }
    const archived = await seller
      .post('/api/product/archive')
      .send({ id: loosely._id })
      .expect(409);
    expect(archived.body.code).toBe('DRAWN_FROM');
    expect((await stored(loosely._id)).archivedAt).toBeNull();
    expect((await saved(update({ id: loosely._id, offerPrice: 130 }), 200)).offerPrice).toBe(130);

    // Once its pack draws from another, it may go.
    const other = await loose();
    await saved(update({ id: one._id, drawsFrom: other._id }), 200);
    await seller.post('/api/product/archive').send({ id: loosely._id }).expect(200);
  });

  test('a pack may not draw from itself, and a counted piece that starts drawing loses its count', async () => {
    const loosely = await loose();
    const bag = await saved(add({ ...atta, name: 'Onion 1 kg' }));
    await seller.post('/api/product/stock').send({ id: bag._id, stockCount: 7 }).expect(200);
    const itself = await update({ id: bag._id, drawsFrom: bag._id, packQuantity: 1000 }).expect(
      400,
    );
    expect(itself.body).toMatchObject({ code: 'DRAWS_FROM_INVALID' });
    expect((await stored(bag._id)).stockCount).toBe(7);
    const drawing = await saved(
      update({ id: bag._id, drawsFrom: loosely._id, packQuantity: 1000 }),
      200,
    );
    expect(drawing).toMatchObject({ drawsFrom: loosely._id, packQuantity: 1000, stockCount: null });
    // Drawing from nothing again: both fields go together.
    const alone = await saved(update({ id: bag._id, drawsFrom: null, packQuantity: null }), 200);
    expect(alone).toMatchObject({ drawsFrom: null, packQuantity: null });
  });
});
