import { productListAnswerSchema, SOLD_BY_THE_PIECE } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import { createListedProduct } from '../../test/factories.js';
import { ProductSchema } from './product.entity.js';

describe('GET /api/product/list', () => {
  const app = useTestApp();

  test('answers every product in the contract shape, prices in rupees; a piece product says so, and has none of a loose product’s or a pack’s fields', async () => {
    const mango = await createListedProduct(app, {
      name: 'Alphonso Mango',
      category: 'Fruits',
      pricePaise: 25_000,
      offerPricePaise: 21_999,
      description: ['Ratnagiri', 'Naturally ripened'],
      images: ['/uploads/demo/mango-800.webp'],
      weight: null,
    });

    const response = await app.http().get('/api/product/list').expect(200);

    const answer = productListAnswerSchema.parse(response.body);
    expect(answer.products.find((product) => product._id === mango.id)).toEqual({
      _id: mango.id,
      name: 'Alphonso Mango',
      category: 'Fruits',
      description: ['Ratnagiri', 'Naturally ripened'],
      price: 250,
      offerPrice: 219.99,
      image: [`${app.url}/uploads/demo/mango-800.webp`],
      inStock: true,
      stockCount: null,
      pastCount: 0,
      weight: null,
      sku: null,
      barcode: null,
      ...SOLD_BY_THE_PIECE,
      hsn: null,
      gstRate: null,
      archivedAt: null,
      createdAt: mango.createdAt.toISOString(),
      updatedAt: mango.updatedAt.toISOString(),
    });
  });

  test('answers pictures as absolute URLs under PUBLIC_URL; the stored paths stay relative', async () => {
    const shop = await createTestApp({ publicUrl: 'https://shop.example.in' });
    try {
      const product = await createListedProduct(shop, { images: ['/uploads/demo/okra-800.webp'] });

      const response = await shop.http().get('/api/product/list').expect(200);

      const listed = productListAnswerSchema
        .parse(response.body)
        .products.find((each) => each._id === product.id);
      expect(listed?.image).toEqual(['https://shop.example.in/uploads/demo/okra-800.webp']);
      const stored = await shop.orm.em.fork().findOneOrFail(ProductSchema, { id: product.id });
      expect(stored.images).toEqual(['/uploads/demo/okra-800.webp']);
    } finally {
      await shop.close();
    }
  });

  test('includes out-of-stock products, for the seller, in the order they were created', async () => {
    const first = await createListedProduct(app, { inStock: false });
    const second = await createListedProduct(app);

    const response = await app.http().get('/api/product/list').expect(200);

    const ids = productListAnswerSchema.parse(response.body).products.map((product) => product._id);
    expect(ids).toContain(first.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });
});
