import type { TaxMode } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { shopQueries } from '../../../common/shop-settings/queries';
import { aCategory, aPage, aProduct } from '../../../test/products';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { ProductPage } from './product-page';

/* The product page against the store's API answered at the fetch boundary, in the shop's tax mode. */

// No pictures: the test's page would fetch them.
const dal = aProduct({ name: 'Toor Dal', category: 'grains', offerPrice: 125, image: [] });

/** The mode the store's shop answers with, set by each test. */
let mode: TaxMode;

async function store(url: string): Promise<Response> {
  const { pathname } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/shop') return answer({ success: true, shop: aShop({ tax: mode }) });
  if (pathname === '/api/product/items') return answer({ success: true, products: [dal] });
  if (pathname === '/api/category/list') {
    return answer({ success: true, categories: [aCategory('Grains', 'grains')] });
  }
  if (pathname === '/api/product/search') return answer(aPage([dal]));
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

answeredBy(store);
// The page goes before the store's answers do: its queries would otherwise ask the network.
afterEach(cleanup);

/** Toor Dal's page, the shop known as every storefront page knows it (rendered with it). */
async function productPageIn(shopMode: TaxMode) {
  mode = shopMode;
  await queryClient.fetchQuery(shopQueries.shop());
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/products/grains/${dal._id}`]}>
          <Routes>
            <Route path="/products/:category/:id" element={<ProductPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Toor Dal' });
}

describe('the product page’s note of the tax, by the shop’s tax mode', () => {
  it('says the spec’s 2 % is added at checkout in the spec mode, as the cart adds it', async () => {
    await productPageIn('spec');
    expect(screen.getByText('(plus 2% tax, added at checkout)')).toBeDefined();
  });

  it.each(['regular', 'composition', 'unregistered'] as const)(
    'says nothing of a tax added in the %s mode, whose cart adds none',
    async (shopMode) => {
      await productPageIn(shopMode);
      expect(screen.queryByText(/tax/)).toBeNull();
    },
  );
});
