import type { CategoryDto } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../../test/products';
import { clip, pageMeta } from './page-meta';

const kirana = { name: 'Kirana', promiseMinutes: 30 };

/** A category as shoppers are shown it. */
function aCategory(text: string, path: string, position: number): CategoryDto {
  return {
    _id: `category-${path}`,
    text,
    path,
    image: `/uploads/categories/${path}.webp`,
    bgColor: '#FEF6DA',
    position,
    hidden: false,
  };
}

describe('pageMeta', () => {
  const fruits = aCategory('Fresh Fruits', 'Fruits', 1);
  const dairy = aCategory('Dairy & Bread', 'Dairy', 2);
  const categories = [fruits, dairy];
  const mango = aProduct({
    name: 'Alphonso Mango',
    category: 'Fruits',
    weight: '1 kg',
    description: ['Ratnagiri', 'Naturally ripened'],
  });

  it('gives a product page the product’s name, a description from its details and its one URL', () => {
    expect(
      pageMeta(`/products/FRUITS/${mango._id}`, { shop: kirana, categories, product: mango }),
    ).toEqual({
      status: 200,
      title: 'Alphonso Mango | Kirana',
      description: 'Alphonso Mango (1 kg) in Fresh Fruits. Ratnagiri. Naturally ripened',
      canonicalPath: `/products/fruits/${mango._id}`,
      product: mango,
      categoryText: 'Fresh Fruits',
      shopName: 'Kirana',
    });
  });

  it('describes a product whose category is not shown without naming one', () => {
    const meta = pageMeta(`/products/fruits/${mango._id}`, {
      shop: kirana,
      categories: [dairy],
      product: mango,
    });
    expect(meta).toMatchObject({
      status: 200,
      description: 'Alphonso Mango (1 kg). Ratnagiri. Naturally ripened',
      categoryText: null,
    });
    // Nor while the categories are still unknown.
    expect(
      pageMeta(`/products/fruits/${mango._id}`, { shop: kirana, categories: null, product: mango }),
    ).toMatchObject({ status: 200, categoryText: null });
  });

  it('is a 404 for a product page without its product, or with another one', () => {
    const other = aProduct({ category: 'Fruits' });
    for (const product of [null, undefined, other]) {
      expect(
        pageMeta(`/products/fruits/${mango._id}`, { shop: kirana, categories, product }),
        String(product?._id ?? product),
      ).toMatchObject({ status: 404, canonicalPath: null, product: null, categoryText: null });
    }
  });

  it('names the shop as the seller named it, and promises its own minutes', () => {
    const shop = { name: 'Sharma General Store', promiseMinutes: 45 };
    expect(pageMeta('/', { categories, shop })).toMatchObject({
      title: 'Sharma General Store — groceries delivered fast',
      description:
        'Sharma General Store: fresh groceries and snacks delivered to your door in under 45 minutes.',
      shopName: 'Sharma General Store',
    });
    expect(pageMeta('/products/fruits', { categories, shop })).toMatchObject({
      title: 'Fresh Fruits | Sharma General Store',
      description: 'Fresh Fruits from your neighbourhood store, delivered in under 45 minutes.',
    });
    expect(pageMeta('/products', { categories: [], shop }).description).toBe(
      'Groceries in stock. Delivered in under 45 minutes.',
    );
  });

  it('names no shop while it is unknown (a page the browser renders alone, before its answer)', () => {
    expect(pageMeta('/cart', { categories })).toMatchObject({ title: 'Cart', shopName: null });
    expect(pageMeta('/', { categories }).description).toBe(
      'Fresh groceries and snacks delivered to your door fast.',
    );
  });

  it('gives the shop’s own pages their titles and one URL each', () => {
    const shop = { name: 'Sharma General Store', promiseMinutes: 45 };
    expect(pageMeta('/delivery', { categories, shop })).toMatchObject({
      status: 200,
      title: 'Delivery Information | Sharma General Store',
      canonicalPath: '/delivery',
    });
    expect(pageMeta('/returns/', { categories, shop })).toMatchObject({
      title: 'Return & Refund Policy | Sharma General Store',
      canonicalPath: '/returns',
    });
    expect(pageMeta('/contact', { categories, shop }).title).toBe(
      'Contact Us | Sharma General Store',
    );
  });

  it('names a category by its label, whatever the case of its URL', () => {
    expect(pageMeta('/products/fruits', { shop: kirana, categories })).toMatchObject({
      status: 200,
      title: 'Fresh Fruits | Kirana',
      canonicalPath: '/products/fruits',
      product: null,
      categoryText: null,
    });
    expect(pageMeta('/products/Fruits', { shop: kirana, categories }).canonicalPath).toBe(
      '/products/fruits',
    );
  });

  it('knows only the categories it is given: another, or none yet, is a 404', () => {
    expect(pageMeta('/products/fruits', { shop: kirana, categories: [dairy] }).status).toBe(404);
    expect(pageMeta('/products/fruits', { shop: kirana, categories: null }).status).toBe(404);
  });

  it('lists the shown categories, in their order, on the all-products page', () => {
    expect(pageMeta('/products', { shop: kirana, categories }).description).toBe(
      'Groceries in stock: fresh fruits, dairy & bread. Delivered in under 30 minutes.',
    );
    expect(
      pageMeta('/products', { shop: kirana, categories: [dairy, fruits] }).description,
    ).toMatch(/^Groceries in stock: dairy & bread, fresh fruits\./);
    expect(pageMeta('/products', { shop: kirana, categories: null })).toMatchObject({
      status: 200,
      description: 'Groceries in stock. Delivered in under 30 minutes.',
      canonicalPath: '/products',
    });
  });

  it('is a 404 without a canonical URL for a product, a category or a path the store lacks', () => {
    for (const path of ['/products/fruits/unknown', '/products/nothing-here', '/a/b/c/d']) {
      expect(pageMeta(path, { shop: kirana, categories, product: null }), path).toMatchObject({
        status: 404,
        canonicalPath: null,
      });
    }
  });

  it('titles the home page and the shopper’s own screens, these without a canonical URL', () => {
    expect(pageMeta('/', { shop: kirana, categories: null })).toMatchObject({
      status: 200,
      canonicalPath: '/',
    });
    expect(pageMeta('/cart', { shop: kirana, categories })).toMatchObject({
      title: 'Cart | Kirana',
      canonicalPath: null,
    });
    expect(pageMeta('/my-orders/', { shop: kirana, categories }).title).toBe('My Orders | Kirana');
  });
});

describe('clip', () => {
  it('keeps a short text whole, with its spaces tidied', () => {
    expect(clip('  Fresh   and\ncrisp ')).toBe('Fresh and crisp');
  });

  it('cuts a long text at a word and ends it with an ellipsis', () => {
    const clipped = clip(`${'word '.repeat(60)}end`, 30);
    expect(clipped).toBe('word word word word word word…');
    expect(clipped.length).toBeLessThanOrEqual(30);
  });
});
