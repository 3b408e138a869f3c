import { productSavedAnswerSchema } from '@kirana/shared';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { createProduct, picture, signInAgent, signUpShopper } from '../../test/factories.js';
import { ProductSchema } from './product.entity.js';

const productData = {
  name: 'Nagpur Oranges',
  description: 'Juicy and sweet\n\nRich in vitamin C\n',
  category: 'Fruits',
  price: 120,
  offerPrice: 99.5,
  weight: '1 kg',
};

describe('the seller manages products', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const countNamed = (name: string) => app.orm.em.fork().count(ProductSchema, { name });

  test('adds a product with two pictures, re-encoded to WebP at every served width', async () => {
    const response = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify(productData))
      .attach('images', await picture('jpeg', 1600, 1200), 'front.jpg')
      .attach('images', await picture('avif'), 'back.avif')
      .expect(201);

    const { product } = productSavedAnswerSchema.parse(response.body);
    expect(product).toMatchObject({
      name: 'Nagpur Oranges',
      category: 'Fruits',
      description: ['Juicy and sweet', 'Rich in vitamin C'],
      price: 120,
      offerPrice: 99.5,
      weight: '1 kg',
      inStock: true,
    });
    expect(product.image).toHaveLength(2);
    for (const url of product.image) {
      expect(url.startsWith(`${app.url}/uploads/products/`)).toBe(true);
      for (const width of [200, 400, 800]) {
        const file = await app
          .http()
          .get(new URL(url).pathname.replace(/-800\.webp$/, `-${width}.webp`))
          .expect(200);
        const metadata = await sharp(file.body as Buffer).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBeLessThanOrEqual(width);
      }
    }
    const listed = (await app.http().get('/api/product/list')).body.products;
    expect(listed.map((item: { _id: string }) => item._id)).toContain(product._id);
  });

  test('a file that is not a picture is a 400 naming it, and no product is saved', async () => {
    const name = 'Not A Picture Product';
    const response = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify({ ...productData, name }))
      .attach('images', await picture('png'), 'ok.png')
      .attach('images', Buffer.from('<?php echo "hi"; ?>'), 'evil.png')
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'images: evil.png is not a JPEG, PNG, WebP or AVIF picture',
      code: 'INVALID',
    });
    expect(await countNamed(name)).toBe(0);
  });

  test('an empty image file is a 400 naming images, and no product is saved', async () => {
    const name = 'Empty Picture Product';
    const response = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify({ ...productData, name }))
      .attach('images', Buffer.alloc(0), 'empty.png')
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'images: empty.png is an empty file',
      code: 'INVALID',
    });
    expect(await countNamed(name)).toBe(0);
  });

  test('prices written as text, as browser forms send them, are read as numbers', async () => {
    const name = 'Form Typed Oranges';
    const response = await seller
      .post('/api/product/add')
      .field(
        'productData',
        JSON.stringify({ ...productData, name, price: '100', offerPrice: ' 99.50 ' }),
      )
      .expect(201);
    expect(productSavedAnswerSchema.parse(response.body).product).toMatchObject({
      name,
      price: 100,
      offerPrice: 99.5,
    });
  });

  test.each([
    [{ price: 'abc' }, 'price must be a number'],
    [{ offerPrice: '1e3' }, 'offerPrice must be a number'],
    [{ price: '-5' }, 'price must be greater than 0'],
    [{ price: '12.345' }, 'price must have at most two decimals'],
  ])('a price of %j as text is still a 400 naming it', async (change, message) => {
    const response = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify({ ...productData, ...change }))
      .expect(400);
    expect(response.body).toEqual({ success: false, message, code: 'INVALID' });
  });

  test('a picture of more than 40 megapixels is a 400, refused before it is decoded', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify({ ...productData, name: 'Huge Picture' }))
      .attach('images', huge, 'huge.png')
      .expect(400);
    expect(response.body.message).toBe('images: huge.png is larger than 40 megapixels');
    expect(await countNamed('Huge Picture')).toBe(0);
  });

  test('a fifth picture is a 400 and an oversized one a 413; neither saves a product', async () => {
    const name = 'Too Many Pictures';
    const five = seller
      .post('/api/product/add')
      .field('productData', JSON.stringify({ ...productData, name }));
    for (let index = 0; index < 5; index += 1)
      five.attach('images', await picture('png'), `p${index}.png`);
    expect((await five.expect(400)).body.message).toBe(
      'images: at most 4 images, sent as "images"',
    );

    const large = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify({ ...productData, name }))
      .attach('images', Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'huge.png')
      .expect(413);
    expect(large.body).toEqual({
      success: false,
      message: 'Each image must be at most 5 MB',
      code: 'TOO_LARGE',
    });
    expect(await countNamed(name)).toBe(0);
  });

  test.each([
    [{ ...productData, name: '' }, 'name is required'],
    [{ ...productData, offerPrice: 130 }, 'offerPrice must not exceed price'],
    [{ ...productData, category: 'Toys' }, 'category: the shop has no category "Toys"'],
    [{ ...productData, price: 1e-18, offerPrice: 1e-18 }, 'price must be greater than 0'],
  ])('productData %j is a 400 "%s"', async (data, message) => {
    const response = await seller
      .post('/api/product/add')
      .field('productData', JSON.stringify(data))
      .expect(400);
    expect(response.body).toEqual({ success: false, message, code: 'INVALID' });
  });

  test('a malformed multipart body is a 400, not a 500', async () => {
    await seller
      .post('/api/product/add')
      .set('Content-Type', 'multipart/form-data')
      .send('no boundary here')
      .expect(400, {
        success: false,
        message: 'Upload could not be read: the multipart body is malformed',
        code: 'INVALID',
      });
  });

  test('productData that is not JSON, or missing, is a 400', async () => {
    await seller
      .post('/api/product/add')
      .field('productData', '{name:')
      .expect(400, { success: false, message: 'productData must be valid JSON', code: 'INVALID' });
    await seller
      .post('/api/product/add')
      .field('other', 'x')
      .expect(400, { success: false, message: 'productData is required', code: 'INVALID' });
  });

  test('switching stock off takes the product out of stock; an unknown id is a 404', async () => {
    const product = await createProduct(app.orm.em.fork());
    const response = await seller
      .post('/api/product/stock')
      .send({ id: product.id, inStock: false })
      .expect(200);
    expect(productSavedAnswerSchema.parse(response.body).product.inStock).toBe(false);

    await seller
      .post('/api/product/stock')
      .send({ id: '01890a5d-ac96-774b-bcce-b302099a8057', inStock: true })
      .expect(404, { success: false, message: 'Product not found', code: 'NOT_FOUND' });
    await seller
      .post('/api/product/stock')
      .send({ id: product.id, inStock: 'no' })
      .expect(400, { success: false, message: 'inStock must be true or false', code: 'INVALID' });
  });

  test('a shopper, an agent or nobody cannot add products or switch stock (401), and no upload is read', async () => {
    const shopper = await signUpShopper(app);
    const agent = await signInAgent(app);
    const product = await createProduct(app.orm.em.fork());
    for (const http of [shopper.http, agent.http, app.http()]) {
      await http
        .post('/api/product/add')
        .field('productData', JSON.stringify({ ...productData, name: 'Sneaky' }))
        .attach('images', await picture('png'), 'p.png')
        .expect(401);
      await http.post('/api/product/stock').send({ id: product.id, inStock: false }).expect(401);
    }
    expect(await countNamed('Sneaky')).toBe(0);
    expect((await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product.id })).inStock).toBe(
      true,
    );
  });
});
