import type { TaxMode } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { shopQueries } from '../../../common/shop-settings/queries';
import { aProduct } from '../../../test/products';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { browserCartAtom } from '../session/cart';
import { authCheckedAtom } from '../session/user';
import { CartPage } from './cart-page';

/*
 * The cart's summary against the store's API answered at the fetch boundary: a logged-out
 * shopper's cart of 3 × ₹40 and 1 × ₹125 (₹245), delivery ₹30 below ₹500, in the shop's tax mode.
 */

// No pictures: the test's page would fetch them.
const dal = aProduct({ name: 'Toor Dal', offerPrice: 125, image: [] });
const onion = aProduct({ name: 'Onion', offerPrice: 40, image: [] });

/** The mode the store's shop answers with, set by each test. */
let mode: TaxMode;

async function store(url: string): Promise<Response> {
  const { pathname } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/shop') {
    const shop = aShop({ tax: mode, deliveryFee: 30, freeDeliveryAbove: 500 });
    return answer({ success: true, shop, zipcodes: [] });
  }
  if (pathname === '/api/product/items') return answer({ success: true, products: [dal, onion] });
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

answeredBy(store);
// The page goes before the store's answers do: its queries would otherwise ask the network.
afterEach(cleanup);

/** The cart page of a logged-out shopper whose cart holds the two lines; its summary, loaded. */
async function summaryIn(shopMode: TaxMode) {
  mode = shopMode;
  // As every storefront page holds the shop already (rendered with it, or read by its banner).
  await queryClient.fetchQuery(shopQueries.shop());
  const jotai = createStore();
  jotai.set(authCheckedAtom, true);
  jotai.set(browserCartAtom, { items: { [onion._id]: 3, [dal._id]: 1 }, owner: null, base: {} });
  render(
    <Provider store={jotai}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <CartPage />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  return within(await screen.findByRole('region', { name: 'Order Summary' }));
}

/** The summary's rows, each as "term: value". */
const rows = (summary: ReturnType<typeof within>) =>
  summary
    .getAllByRole('term')
    .map((term: HTMLElement) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('the cart’s summary, by the shop’s tax mode', () => {
  it('adds the spec’s 2 % tax as a row of its own in the spec mode', async () => {
    const summary = await summaryIn('spec');
    expect(rows(summary)).toEqual([
      'Price: Rs 245.00',
      'Shipping Fee: Rs 30.00',
      'Tax (2%): Rs 4.90',
      'Total Amount: Rs 279.90',
    ]);
    expect(summary.queryByText('Prices include GST')).toBeNull();
  });

  it('adds no tax in the regular mode, and says the prices include GST', async () => {
    const summary = await summaryIn('regular');
    expect(rows(summary)).toEqual([
      'Price: Rs 245.00',
      'Shipping Fee: Rs 30.00',
      'Total Amount: Rs 275.00',
    ]);
    expect(summary.getByText('Prices include GST')).toBeDefined();
  });

  it.each(['unregistered', 'composition'] as const)(
    'adds no tax and says nothing of it in the %s mode',
    async (shopMode) => {
      const summary = await summaryIn(shopMode);
      expect(rows(summary)).toEqual([
        'Price: Rs 245.00',
        'Shipping Fee: Rs 30.00',
        'Total Amount: Rs 275.00',
      ]);
      expect(summary.queryByText(/GST|tax/i)).toBeNull();
    },
  );
});
