import {
  CATEGORIES,
  categoryListAnswerSchema,
  categorySavedAnswerSchema,
  productSavedAnswerSchema,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { picture } from '../../test/factories.js';
import { CategorySchema } from './category.entity.js';

describe('categories the seller manages', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const listed = async (browser = app.http()) => {
    const response = await browser.get('/api/category/list').expect(200);
    return categoryListAnswerSchema.parse(response.body).categories;
  };
  const add = (categoryData: unknown) =>
    seller.post('/api/category/add').field('categoryData', JSON.stringify(categoryData));

  test('the spec’s seven are there from the start, with its labels, paths and colours, in order', async () => {
    const categories = await listed();
    expect(
      categories
        .slice(0, 7)
        .map(({ text, path, bgColor, hidden }) => ({ text, path, bgColor, hidden })),
    ).toEqual(
      CATEGORIES.map(({ text, path, bgColor }) => ({ text, path, bgColor, hidden: false })),
    );
    expect(categories[0]!.image).toBe(`${app.url}/uploads/categories/vegetables.webp`);
  });

  test('the seller adds one with a picture; it lists last and takes products', async () => {
    const response = await seller
      .post('/api/category/add')
      .field(
        'categoryData',
        JSON.stringify({ text: 'Personal Care', path: 'Personal-Care', bgColor: '#e8f0fe' }),
      )
      .attach('image', await picture('png'), 'soap.png')
      .expect(201);
    const { category } = categorySavedAnswerSchema.parse(response.body);
    expect(category).toMatchObject({
      text: 'Personal Care',
      path: 'Personal-Care',
      bgColor: '#E8F0FE',
      hidden: false,
    });
    expect(category.position).toBeGreaterThan(7);
    const tile = await app.http().get(new URL(category.image).pathname).expect(200);
    expect(await sharp(tile.body as Buffer).metadata()).toMatchObject({ format: 'webp' });
    const paths = (await listed()).map((each) => each.path);
    expect(paths.indexOf('Personal-Care')).toBeGreaterThan(paths.indexOf('Grains'));

    const product = await seller
      .post('/api/product/add')
      .field(
        'productData',
        JSON.stringify({
          name: 'Neem Soap',
          category: 'personal-care',
          price: 40,
          offerPrice: 35,
          sku: 'SOAP-NEEM',
        }),
      )
      .expect(201);
    expect(productSavedAnswerSchema.parse(product.body).product).toMatchObject({
      category: 'Personal-Care',
      sku: 'SOAP-NEEM',
      barcode: null,
    });
  });

  test('without a picture the tile is its first letter on its colour', async () => {
    const response = await add({ text: 'Oils', path: 'Oils', bgColor: '#FFF4D6' }).expect(201);
    const { category } = categorySavedAnswerSchema.parse(response.body);
    await app.http().get(new URL(category.image).pathname).expect(200);
  });

  test('renames, recolours, moves and hides one; hidden ones reach the seller only', async () => {
    const added = await add({ text: 'Pooja Items', path: 'Pooja', bgColor: '#FFFFFF' }).expect(201);
    const { _id } = categorySavedAnswerSchema.parse(added.body).category;
    const response = await seller
      .post('/api/category/update')
      .field(
        'categoryData',
        JSON.stringify({ id: _id, text: 'Pooja', bgColor: '#fde68a', position: 500, hidden: true }),
      )
      .expect(200);
    expect(categorySavedAnswerSchema.parse(response.body).category).toMatchObject({
      text: 'Pooja',
      path: 'Pooja',
      bgColor: '#FDE68A',
      position: 500,
      hidden: true,
    });
    expect((await listed()).map((category) => category.path)).not.toContain('Pooja');
    expect((await listed(seller)).find((category) => category._id === _id)).toMatchObject({
      hidden: true,
    });
  });

  test('a path is never changed: an update naming one leaves it as it was', async () => {
    const [vegetables] = await listed();
    await seller
      .post('/api/category/update')
      .field('categoryData', JSON.stringify({ id: vegetables!._id, path: 'Veg' }))
      .expect(200);
    expect((await listed())[0]!.path).toBe('Vegetables');
  });

  test.each([
    [{ path: 'Snacks', bgColor: '#FFFFFF' }, 'text is required'],
    [{ text: 'Snacks', bgColor: '#FFFFFF' }, 'path is required'],
    [
      { text: 'Snacks', path: 'snacks & more', bgColor: '#FFFFFF' },
      'path must start with a letter and hold only letters, digits and hyphens (at most 40)',
    ],
    [
      { text: 'Snacks', path: 'Snacks', bgColor: 'red' },
      'bgColor must be a colour such as #FEF6DA',
    ],
    [{ text: 'Veg', path: 'vegetables', bgColor: '#FFFFFF' }, null],
  ])('%j is refused and nothing is added', async (categoryData, message) => {
    const before = await app.orm.em.fork().count(CategorySchema);
    const response = await add(categoryData).expect(message ? 400 : 409);
    expect(response.body).toEqual({
      success: false,
      message: message ?? 'A category with the path vegetables already exists',
      code: message ? 'INVALID' : 'CONFLICT',
    });
    expect(await app.orm.em.fork().count(CategorySchema)).toBe(before);
  });

  test('two adds of one path at once: one is added, the other refused with 409', async () => {
    const data = { text: 'Frozen', path: 'Frozen', bgColor: '#E0F2FE' };
    const statuses = (await Promise.all([add(data), add({ ...data, path: 'frozen' })])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
  });

  test('only the seller adds or changes categories', async () => {
    await app
      .http()
      .post('/api/category/add')
      .field('categoryData', JSON.stringify({ text: 'X', path: 'X', bgColor: '#FFFFFF' }))
      .expect(401);
  });

  test('a product in no category of the shop is refused with 400', async () => {
    const response = await seller
      .post('/api/product/add')
      .field(
        'productData',
        JSON.stringify({ name: 'Ghost', category: 'Nowhere', price: 10, offerPrice: 10 }),
      )
      .expect(400);
    expect(response.body.message).toBe('category: the shop has no category "Nowhere"');
  });
});

describe('SKU and barcode', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const addProduct = (fields: Record<string, unknown>) =>
    seller.post('/api/product/add').field(
      'productData',
      JSON.stringify({
        name: 'Atta 5 kg',
        category: 'Grains',
        price: 300,
        offerPrice: 280,
        ...fields,
      }),
    );

  test('are unique among live products, in any case; an archived product’s code is free again', async () => {
    const first = productSavedAnswerSchema.parse(
      (await addProduct({ sku: 'ATTA-5', barcode: '8901030865279' }).expect(201)).body,
    ).product;
    expect((await addProduct({ sku: 'atta-5' }).expect(409)).body.message).toBe(
      'SKU atta-5 is already used by Atta 5 kg',
    );
    expect((await addProduct({ barcode: '8901030865279' }).expect(409)).body.message).toBe(
      'barcode 8901030865279 is already used by Atta 5 kg',
    );
    await seller.post('/api/product/archive').send({ id: first._id }).expect(200);
    await addProduct({ sku: 'ATTA-5', barcode: '8901030865279' }).expect(201);
  });

  test('a barcode is no other live product’s SKU, nor a SKU another’s barcode, in any case: on add and on edit; one product may hold a code as both', async () => {
    // The run's API tests share one database: codes of this run's own.
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const rice = productSavedAnswerSchema.parse(
      (
        await addProduct({ name: `Rice ${tag}`, sku: `RICE-${tag}`, barcode: `RB-${tag}` }).expect(
          201,
        )
      ).body,
    ).product;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ barcode: `rice-${tag}` }, `barcode rice-${tag} is the SKU of Rice ${tag}`],
      [{ sku: `rb-${tag}` }, `SKU rb-${tag} is the barcode of Rice ${tag}`],
    ];
    const plain = productSavedAnswerSchema.parse(
      (await addProduct({ name: `Plain ${tag}` }).expect(201)).body,
    ).product;
    for (const [codes, message] of refusals) {
      expect((await addProduct(codes).expect(409)).body).toEqual({
        success: false,
        code: 'CONFLICT',
        message,
      });
      const edit = seller
        .post('/api/product/update')
        .field('productData', JSON.stringify({ id: plain._id, ...codes }));
      expect((await edit.expect(409)).body).toMatchObject({ code: 'CONFLICT', message });
    }
    const both = `BOTH-${tag}`;
    const own = productSavedAnswerSchema.parse(
      (await addProduct({ name: `Own ${tag}`, sku: both, barcode: both }).expect(201)).body,
    ).product;
    await seller
      .post('/api/product/update')
      .field('productData', JSON.stringify({ id: own._id, sku: both, barcode: both, price: 310 }))
      .expect(200);
    await seller.post('/api/product/archive').send({ id: rice._id }).expect(200);
    await addProduct({ barcode: `RICE-${tag}` }).expect(201);
  });

  test('two products given one code at once, one as a SKU and one as a barcode: one is added, the other refused', async () => {
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const codes = Array.from({ length: 4 }, (_, index) => `RACE-${tag}-${index}`);
    const answers = await Promise.all(
      codes.flatMap((code) => [addProduct({ sku: code }), addProduct({ barcode: code })]),
    );
    for (const [index, code] of codes.entries()) {
      const pair = answers.slice(index * 2, index * 2 + 2).map((answer) => answer.status);
      expect(pair.sort(), code).toEqual([201, 409]);
    }
  });

  test('an edit sets, changes and clears them, refusing another product’s', async () => {
    const { product } = productSavedAnswerSchema.parse(
      (await addProduct({ name: 'Sugar 1 kg', sku: 'SUG-1' }).expect(201)).body,
    );
    const update = (fields: Record<string, unknown>) =>
      seller
        .post('/api/product/update')
        .field('productData', JSON.stringify({ id: product._id, ...fields }));
    expect((await update({ sku: 'ATTA-5' }).expect(409)).body.message).toBe(
      'SKU ATTA-5 is already used by Atta 5 kg',
    );
    const changed = productSavedAnswerSchema.parse(
      (await update({ sku: 'SUGAR-1', barcode: '8906001200018' }).expect(200)).body,
    ).product;
    expect(changed).toMatchObject({ sku: 'SUGAR-1', barcode: '8906001200018' });
    const cleared = productSavedAnswerSchema.parse((await update({ sku: '' }).expect(200)).body);
    expect(cleared.product).toMatchObject({ sku: null, barcode: '8906001200018' });
  });

  test.each([
    [{ sku: 'has space' }, 'sku must be letters, digits and . _ / - (at most 64)'],
    [{ barcode: '12' }, 'barcode must be 4 to 32 digits, letters or hyphens'],
    [{ sku: 42 }, 'sku must be text'],
  ])('%j is refused', async (fields, message) => {
    expect((await addProduct(fields).expect(400)).body.message).toBe(message);
  });
});
