import { productPageAnswerSchema, productSavedAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useSeller, useTestApp } from '../../test/fixtures.js';
import { ProductEventSchema, ProductSchema } from './product.entity.js';

const atta = {
  name: 'Aashirvaad Whole Wheat Atta 5 kg',
  description: 'Packaged and labelled',
  category: 'Grains',
  price: 310,
  offerPrice: 289,
};

describe('a product’s HSN code and GST rate, which a registered shop’s bills print', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const add = (data: object) =>
    seller.post('/api/product/add').field('productData', JSON.stringify(data));
  const update = (data: object) =>
    seller.post('/api/product/update').field('productData', JSON.stringify(data));
  const stored = (id: string) => app.orm.em.fork().findOneOrFail(ProductSchema, { id });
  const lastNote = async (id: string) =>
    (
      await app.orm.em
        .fork()
        .find(ProductEventSchema, { product: id }, { orderBy: { createdAt: 'asc', id: 'asc' } })
    ).at(-1)?.note;
  const sellersList = async (q: string) =>
    productPageAnswerSchema.parse(
      (await seller.get('/api/product/seller/list').query({ q }).expect(200)).body,
    ).products;

  test('added with them, in percent; kept in hundredths; the seller’s list answers them', async () => {
    const { product } = productSavedAnswerSchema.parse(
      (await add({ ...atta, hsn: ' 1101 ', gstRate: 5 }).expect(201)).body,
    );
    expect(product).toMatchObject({ hsn: '1101', gstRate: 5 });
    expect(await stored(product._id)).toMatchObject({ hsn: '1101', gstRate: 500 });
    const listed = (await sellersList('Aashirvaad Whole Wheat')).find(
      (each) => each._id === product._id,
    );
    expect(listed).toMatchObject({ hsn: '1101', gstRate: 5 });

    // As a form writes them, the rare rates too; none given: none.
    const gold = productSavedAnswerSchema.parse(
      (await add({ ...atta, name: 'Gold coin', hsn: '71081200', gstRate: '3%' }).expect(201)).body,
    ).product;
    expect(gold).toMatchObject({ hsn: '71081200', gstRate: 3 });
    expect((await stored(gold._id)).gstRate).toBe(300);
    const plain = productSavedAnswerSchema.parse(
      (await add({ ...atta, name: 'Loose atta' }).expect(201)).body,
    ).product;
    expect(plain).toMatchObject({ hsn: null, gstRate: null });
  });

  test('updated, cleared with null or empty text, and the history says "HSN" and "GST rate"', async () => {
    const { product } = productSavedAnswerSchema.parse(
      (await add({ ...atta, name: 'Toor Dal 1 kg', hsn: '0713', gstRate: 5 }).expect(201)).body,
    );
    const rate = productSavedAnswerSchema.parse(
      (await update({ id: product._id, gstRate: '0.25' }).expect(200)).body,
    ).product;
    expect(rate).toMatchObject({ hsn: '0713', gstRate: 0.25 });
    expect((await stored(product._id)).gstRate).toBe(25);
    expect(await lastNote(product._id)).toBe('GST rate');

    const both = productSavedAnswerSchema.parse(
      (await update({ id: product._id, hsn: '07131000', gstRate: 0, price: 320 }).expect(200)).body,
    ).product;
    expect(both).toMatchObject({ hsn: '07131000', gstRate: 0 });
    expect(await lastNote(product._id)).toBe('HSN, price, GST rate');

    // The same again changes nothing and writes no history.
    const events = async () =>
      app.orm.em.fork().count(ProductEventSchema, { product: product._id });
    const before = await events();
    await update({ id: product._id, hsn: '07131000', gstRate: '0%' }).expect(200);
    expect(await events()).toBe(before);

    const cleared = productSavedAnswerSchema.parse(
      (await update({ id: product._id, hsn: '', gstRate: null }).expect(200)).body,
    ).product;
    expect(cleared).toMatchObject({ hsn: null, gstRate: null });
    expect(await stored(product._id)).toMatchObject({ hsn: null, gstRate: null });
    expect(await lastNote(product._id)).toBe('HSN, GST rate');
  });

  test('an HSN code that is not 4, 6 or 8 digits, or a rate that is no GST rate, is refused naming the field', async () => {
    const refusals: Array<[object, RegExp]> = [
      [{ hsn: '10061' }, /^hsn must be an HSN code of 4, 6 or 8 digits/],
      [{ hsn: 'RICE' }, /^hsn must be an HSN code of 4, 6 or 8 digits/],
      [{ hsn: 1006 }, /^hsn must be text/],
      [{ gstRate: 12 }, /^gstRate must be one of 0, 0.25, 3, 5, 18, 40 \(percent\)/],
      [{ gstRate: '28%' }, /^gstRate must be one of 0, 0.25, 3, 5, 18, 40 \(percent\)/],
      [{ gstRate: 'five' }, /^gstRate must be one of 0, 0.25, 3, 5, 18, 40 \(percent\)/],
    ];
    const { product } = productSavedAnswerSchema.parse(
      (await add({ ...atta, name: 'Basmati Rice 1 kg', hsn: '1006', gstRate: 5 }).expect(201)).body,
    );
    for (const [fields, message] of refusals) {
      const added = await add({ ...atta, name: 'Refused for its GST', ...fields }).expect(400);
      expect(added.body, JSON.stringify(fields)).toMatchObject({ success: false, code: 'INVALID' });
      expect(added.body.message, JSON.stringify(fields)).toMatch(message);
      const updated = await update({ id: product._id, ...fields }).expect(400);
      expect(updated.body.message, JSON.stringify(fields)).toMatch(message);
    }
    expect(await stored(product._id)).toMatchObject({ hsn: '1006', gstRate: 500 });
    expect(await app.orm.em.fork().count(ProductSchema, { name: 'Refused for its GST' })).toBe(0);
  });
});
