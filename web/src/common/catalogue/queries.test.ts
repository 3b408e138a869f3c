import type { Product, ProductPageAnswer } from '@kirana/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { aCategory, aPage, aProduct, sizeOf as size } from '../../test/products';
import {
  categoryOf,
  categoryQueries,
  inOrder,
  pageData,
  pageOf,
  productQueries,
  receiveProduct,
} from './queries';

let client: QueryClient;

afterEach(() => client?.clear());

/** A cache whose queries ask a fake server that answers `routes` (path and query → body). */
function cacheOver(routes: Record<string, unknown>) {
  const asked: string[] = [];
  client = createQueryClient(
    createApiClient({
      fetch: async (input) => {
        const path = String(input);
        asked.push(path);
        if (!(path in routes)) throw new Error(`the test's server has no ${path}`);
        return Response.json(routes[path]);
      },
    }),
  );
  return { client, asked };
}

describe('pageOf', () => {
  it('reads the page a link asks for', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOf(new URLSearchParams('q=milk&page=12'))).toBe(12);
  });

  it('starts at the first page when there is none, or no whole number from 1', () => {
    for (const query of ['', 'page=', 'page=0', 'page=-2', 'page=2.5', 'page=two', 'page=1e9']) {
      expect(pageOf(new URLSearchParams(query)), query).toBe(1);
    }
  });
});

describe('categoryOf and inOrder', () => {
  it('find a category by its path in any case', () => {
    const fruits = aCategory('Fresh Fruits', 'Fruits');
    expect(categoryOf([fruits], 'FRUITS')).toBe(fruits);
    expect(categoryOf([fruits], 'dairy')).toBeUndefined();
  });

  it('put products in the order of their ids, leaving out the ones not found', () => {
    const [milk, bread] = [aProduct(), aProduct()];
    expect(inOrder([milk, bread], [bread._id, 'gone', milk._id])).toEqual([bread, milk]);
  });
});

describe('the queries', () => {
  it('hold the same products under one key whatever the order of their ids', () => {
    expect(productQueries.items(['b', 'a']).queryKey).toEqual(
      productQueries.items(['a', 'b']).queryKey,
    );
  });

  it('ask the server of their cache for products by id, and nothing for none', async () => {
    const milk = aProduct();
    const { client, asked } = cacheOver({
      [`/api/product/items?ids=${milk._id}`]: { success: true, products: [milk] },
    });
    expect(await client.fetchQuery(productQueries.items([milk._id]))).toEqual([milk]);
    expect(await client.fetchQuery(productQueries.items([]))).toEqual([]);
    expect(asked).toEqual([`/api/product/items?ids=${milk._id}`]);
  });

  it('show shoppers only the categories not hidden', async () => {
    const [fruits, secret] = [aCategory('Fresh Fruits', 'Fruits'), aCategory('Soon', 'Soon', true)];
    const { client } = cacheOver({
      '/api/category/list': { success: true, categories: [fruits, secret] },
    });
    expect(await client.fetchQuery(categoryQueries.shown())).toEqual([fruits]);
  });

  it('give a product page its product, the categories and the related products', async () => {
    const mango = aProduct({ category: 'Fruits' });
    const fruits = aCategory('Fresh Fruits', 'Fruits');
    const { client, asked } = cacheOver({
      [`/api/product/items?ids=${mango._id}`]: { success: true, products: [mango] },
      '/api/category/list': { success: true, categories: [fruits] },
      '/api/product/search?category=Fruits&inStock=true&limit=6': aPage([mango]),
    });

    await pageData.product(client, { params: { id: mango._id }, search: new URLSearchParams() });

    expect(asked.sort()).toEqual([
      '/api/category/list',
      `/api/product/items?ids=${mango._id}`,
      '/api/product/search?category=Fruits&inStock=true&limit=6',
    ]);
    expect(client.getQueryData(productQueries.related('Fruits').queryKey)).toEqual(aPage([mango]));
  });
});

describe('receiveProduct', () => {
  const milk = aProduct({ name: 'Milk', updatedAt: '2025-01-02T00:00:00.000Z' });
  const bread = aProduct({ name: 'Bread' });
  const cart = productQueries.items([milk._id, bread._id]).queryKey;
  const shelf = productQueries.shelf('Dairy').queryKey;
  const pages = productQueries.pages({ category: 'Dairy', inStock: true }, 1).queryKey;

  /** A cache holding milk in a cart, a shelf and a category's pages. */
  function holding() {
    client = createQueryClient();
    client.setQueryData(cart, [bread, milk]);
    client.setQueryData(shelf, aPage([milk]));
    client.setQueryData<InfiniteData<ProductPageAnswer>>(pages, {
      pages: [aPage([bread]), aPage([milk])],
      pageParams: [1, 2],
    });
    return {
      cart: () => client.getQueryData(cart),
      shelf: () => client.getQueryData(shelf),
      pages: () => client.getQueryData(pages),
    };
  }

  it('lays a newer copy into every answer that holds it', () => {
    const held = holding();
    const cheaper = { ...milk, offerPrice: 30, updatedAt: '2025-01-03T00:00:00.000Z' };

    receiveProduct(client, cheaper);

    expect(held.cart()).toEqual([bread, cheaper]);
    expect(held.shelf()?.products).toEqual([cheaper]);
    expect(held.pages()?.pages.map((page) => page.products)).toEqual([[bread], [cheaper]]);
    expect(held.pages()?.pageParams).toEqual([1, 2]);
  });

  it('changes nothing for an older copy, or one as old', () => {
    const held = holding();
    const before = { cart: held.cart(), shelf: held.shelf(), pages: held.pages() };

    receiveProduct(client, { ...milk, name: 'Old Milk', updatedAt: '2025-01-01T00:00:00.000Z' });
    receiveProduct(client, { ...milk, name: 'Same-time Milk' });

    expect(held.cart()).toBe(before.cart);
    expect(held.shelf()?.products).toEqual([milk]);
    expect(held.pages()?.pages.flatMap((page) => page.products)).toEqual([bread, milk]);
  });

  it('keeps a pack’s sizes when it changes, and shows a sibling size’s new price and stock in them', () => {
    const family = { family: 'Atta', updatedAt: '2025-01-02T00:00:00.000Z' };
    const one = aProduct({ ...family, packLabel: '1 kg', offerPrice: 55 });
    const five = aProduct({ ...family, packLabel: '5 kg', offerPrice: 240 });
    const packs = [size(one), size(five)];
    client = createQueryClient();
    const page = productQueries.items([one._id]).queryKey;
    client.setQueryData(page, [{ ...one, packs }]);
    const later = '2025-01-03T00:00:00.000Z';

    receiveProduct(client, { ...five, offerPrice: 230, inStock: false, updatedAt: later });
    receiveProduct(client, { ...one, offerPrice: 50, updatedAt: later });

    const [shown] = client.getQueryData<Product[]>(page) ?? [];
    expect(shown?.offerPrice).toBe(50);
    expect(shown?.packs?.map((pack) => [pack.offerPrice, pack.inStock])).toEqual([
      [50, true],
      [230, false],
    ]);
  });

  it('asks the searches and short lists again, not the products by id or the pages', () => {
    holding();
    const categories = categoryQueries.shown().queryKey;
    client.setQueryData(categories, [aCategory('Dairy & Bread', 'Dairy')]);

    receiveProduct(client, aProduct({ name: 'Eggs', category: 'Dairy' }));

    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(shelf)).toBe(true);
    expect(invalidated(cart)).toBe(false);
    expect(invalidated(pages)).toBe(false);
    expect(invalidated(categories)).toBe(false);
  });
});
