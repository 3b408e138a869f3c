import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/products';
import { clip, pageMeta } from './page-meta';

describe('pageMeta', () => {
  const mango = aProduct({
    name: 'Alphonso Mango',
    category: 'Fruits',
    weight: '1 kg',
    description: ['Ratnagiri', 'Naturally ripened'],
  });
  const soldOut = aProduct({ name: 'Litchi', category: 'Fruits', inStock: false });
  const products = [mango, soldOut];

  it('gives a product page the product’s name, a description from its details and its one URL', () => {
    expect(pageMeta(`/products/FRUITS/${mango._id}`, products)).toEqual({
      status: 200,
      title: 'Alphonso Mango | Kirana',
      description: 'Alphonso Mango (1 kg) in Fresh Fruits. Ratnagiri. Naturally ripened',
      canonicalPath: `/products/fruits/${mango._id}`,
      product: mango,
    });
  });

  it('names a category by its label, whatever the case of its URL', () => {
    expect(pageMeta('/products/fruits', products)).toMatchObject({
      status: 200,
      title: 'Fresh Fruits | Kirana',
      canonicalPath: '/products/fruits',
    });
    expect(pageMeta('/products/Fruits', products).canonicalPath).toBe('/products/fruits');
  });

  it('counts only what is in stock on the all-products page', () => {
    expect(pageMeta('/products', products).description).toMatch(/^1 groceries in stock: /);
  });

  it('is a 404 without a canonical URL for a product, a category or a path the store lacks', () => {
    for (const path of ['/products/fruits/unknown', '/products/nothing-here', '/a/b/c/d']) {
      expect(pageMeta(path, products), path).toMatchObject({ status: 404, canonicalPath: null });
    }
  });

  it('titles the shopper’s own screens and leaves them without a canonical URL', () => {
    expect(pageMeta('/cart', products)).toMatchObject({
      title: 'Cart | Kirana',
      canonicalPath: null,
    });
    expect(pageMeta('/my-orders/', products).title).toBe('My Orders | Kirana');
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
