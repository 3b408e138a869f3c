import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/products';
import {
  bestSellers,
  groupByCategory,
  productsInCategory,
  relatedProducts,
  searchProducts,
} from './product-filters';

const names = (products: readonly { name: string }[]) => products.map((product) => product.name);

describe('bestSellers', () => {
  it('is the first five in-stock products in catalogue order', () => {
    const products = [
      aProduct({ name: 'A' }),
      aProduct({ name: 'B', inStock: false }),
      aProduct({ name: 'C' }),
      aProduct({ name: 'D' }),
      aProduct({ name: 'E' }),
      aProduct({ name: 'F' }),
      aProduct({ name: 'G' }),
    ];
    expect(names(bestSellers(products))).toEqual(['A', 'C', 'D', 'E', 'F']);
  });
});

describe('searchProducts', () => {
  const products = [
    aProduct({ name: 'Carrot', category: 'Vegetables' }),
    aProduct({ name: 'Green Chilli', category: 'Vegetables' }),
    aProduct({ name: 'Brinjal', category: 'Vegetables', inStock: false }),
    aProduct({ name: 'Green Tea', category: 'Drinks' }),
    aProduct({ name: 'Apple', category: 'Fruits' }),
  ];

  it('lists every in-stock product for empty or blank text', () => {
    expect(names(searchProducts(products, ''))).toEqual([
      'Carrot',
      'Green Chilli',
      'Green Tea',
      'Apple',
    ]);
    expect(searchProducts(products, '   ')).toHaveLength(4);
  });

  it('matches part of a name in any case, ignoring surrounding spaces', () => {
    expect(names(searchProducts(products, '  GREEN '))).toEqual(['Green Chilli', 'Green Tea']);
    expect(names(searchProducts(products, 'rro'))).toEqual(['Carrot']);
  });

  it("matches a category's label or path", () => {
    expect(names(searchProducts(products, 'fresh fruits'))).toEqual(['Apple']);
    expect(names(searchProducts(products, 'drinks'))).toEqual(['Green Tea']);
  });

  it('never offers an out-of-stock product', () => {
    expect(searchProducts(products, 'brinjal')).toEqual([]);
  });
});

describe('groupByCategory', () => {
  it("groups products under their category in the shop's category order, leaving out empty ones", () => {
    const products = [
      aProduct({ name: 'Bread', category: 'Bakery' }),
      aProduct({ name: 'Apple', category: 'Fruits' }),
      aProduct({ name: 'Carrot', category: 'Vegetables' }),
      aProduct({ name: 'Mango', category: 'Fruits' }),
    ];
    expect(
      groupByCategory(products).map((group) => [group.category.text, names(group.products)]),
    ).toEqual([
      ['Organic veggies', ['Carrot']],
      ['Fresh Fruits', ['Apple', 'Mango']],
      ['Bakery & Breads', ['Bread']],
    ]);
  });
});

describe('productsInCategory', () => {
  const products = [
    aProduct({ name: 'Carrot', category: 'Vegetables' }),
    aProduct({ name: 'Brinjal', category: 'Vegetables', inStock: false }),
    aProduct({ name: 'Apple', category: 'Fruits' }),
  ];

  it('compares the category in lower case and keeps in-stock products', () => {
    expect(names(productsInCategory(products, 'vegetables'))).toEqual(['Carrot']);
    expect(names(productsInCategory(products, 'VEGETABLES'))).toEqual(['Carrot']);
  });

  it('is empty for an unknown category', () => {
    expect(productsInCategory(products, 'unknown')).toEqual([]);
  });
});

describe('relatedProducts', () => {
  it('is up to five other in-stock products of the same category', () => {
    const product = aProduct({ name: 'Carrot' });
    const products = [
      aProduct({ name: 'Apple', category: 'Fruits' }),
      product,
      aProduct({ name: 'V1' }),
      aProduct({ name: 'V2', inStock: false }),
      aProduct({ name: 'V3' }),
      aProduct({ name: 'V4' }),
      aProduct({ name: 'V5' }),
      aProduct({ name: 'V6' }),
      aProduct({ name: 'V7' }),
    ];
    expect(names(relatedProducts(products, product))).toEqual(['V1', 'V3', 'V4', 'V5', 'V6']);
  });

  it('is empty when the product is alone in its category', () => {
    const product = aProduct({ name: 'Carrot' });
    expect(relatedProducts([product, aProduct({ category: 'Fruits' })], product)).toEqual([]);
  });
});
