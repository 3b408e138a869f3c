import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aCategory, aLooseProductAndPack } from '../../../test/products';
import { answer, answeredBy, refusal } from '../../../test/store';
import { EditProductPage } from './edit-product-page';

/*
 * The Edit screen of a pack sold from a loose product, against the store's API answered at the
 * fetch boundary.
 */

const { loose: dal, pack } = aLooseProductAndPack();
/** The `productData` of each update sent. */
let sent: unknown[];

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/category/list')
    return answer({ success: true, categories: [aCategory('Organic veggies', 'Vegetables')] });
  if (pathname === '/api/product/items') {
    const ids = (searchParams.get('ids') ?? '').split(',');
    return answer({ success: true, products: [pack, dal].filter(({ _id }) => ids.includes(_id)) });
  }
  if (pathname === '/api/product/update') {
    sent.push(JSON.parse(String((init.body as FormData).get('productData'))));
    return answer({ success: true, message: 'Product Updated', product: pack });
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

beforeEach(() => {
  sent = [];
});

describe('the Edit screen of a pack', () => {
  it('names the loose product it is sold from and what it holds, and sends only what changed', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/seller/product-list/${pack._id}`]}>
          <Routes>
            <Route path="/seller/product-list/:id" element={<EditProductPage />} />
            <Route path="/seller/product-list" element={<p>The list</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Toor Dal', { selector: 'strong' })).toBeDefined();
    const holds = screen.getByLabelText<HTMLInputElement>('A pack holds (optional)');
    expect(holds.value).toBe('1 kg');
    expect(screen.getByLabelText<HTMLInputElement>('Pack label (optional)').value).toBe('1 kg');

    fireEvent.change(holds, { target: { value: '500 g' } });
    fireEvent.submit(holds.closest('form')!);
    await waitFor(() => expect(heard.toasts).toContain('Product Updated'));
    expect(sent).toEqual([{ id: pack._id, packQuantity: 500 }]);
  });
});
