import type { StockBody, TaxMode } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aLooseProductAndPack, aPage, aProduct } from '../../../test/products';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { ProductListPage } from './product-list-page';

/*
 * The Product List against the store's API answered at the fetch boundary: a loose product sold
 * by the kilo, a pack sold from it, and a product sold by the piece.
 */

const { loose: dal, pack } = aLooseProductAndPack({ price: 150 });
const soap = aProduct({ name: 'Soap', stockCount: 5, hsn: '34011190', gstRate: 18 });

/** The stock changes sent. */
let stock: StockBody[];
/** The ids `GET /api/product/items` was asked for. */
let items: string[][];
/** How the shop bills, as each test says. */
let tax: TaxMode;

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/category/list') return answer({ success: true, categories: [] });
  if (pathname === '/api/shop') return answer({ success: true, shop: aShop({ tax }) });
  if (pathname === '/api/product/seller/list') return answer(aPage([soap, dal, pack]));
  if (pathname === '/api/product/items') {
    const ids = (searchParams.get('ids') ?? '').split(',');
    items.push(ids);
    return answer({ success: true, products: [dal].filter(({ _id }) => ids.includes(_id)) });
  }
  if (pathname === '/api/product/stock') {
    const body = JSON.parse(String(init.body)) as StockBody;
    stock.push(body);
    return answer({
      success: true,
      message: 'Stock Updated',
      product: { ...dal, stockCount: body.stockCount ?? null },
    });
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

beforeEach(() => {
  stock = [];
  items = [];
  tax = 'spec';
});

async function showList() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/seller/product-list']}>
        <ProductListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('Toor Dal 1 kg', { selector: '.seller-product-cell__name' });
}

/** The row of the product named `name` (a role query over the table is slow in happy-dom). */
const rowOf = (name: string) =>
  screen.getByText(name, { selector: '.seller-product-cell__name' }).closest('tr')!;

describe('the Product List of loose goods and packs', () => {
  it('shows a loose product’s price per kilo and its stock in kilos, and a pack what it is sold from', async () => {
    await showList();
    const loose = within(rowOf('Toor Dal'));
    expect(loose.getAllByText('₹140.00/kg').length).toBeGreaterThan(0);
    expect(loose.getByText('₹150.00/kg')).toBeDefined();
    expect(loose.getByText('Scale code 00042')).toBeDefined();
    expect(loose.getByLabelText<HTMLInputElement>('Toor Dal: kg left to sell').value).toBe(
      '12.5 kg',
    );

    // The pack's loose product, asked for by id (it may be on another page).
    await waitFor(() => expect(items).toEqual([[dal._id]]));
    const packRow = within(rowOf('Toor Dal 1 kg'));
    expect(packRow.getByText('Toor Dal · 1 kg')).toBeDefined();
    expect(await packRow.findByText('1 kg of loose Toor Dal')).toBeDefined();
    expect(packRow.getByText('From Toor Dal’s stock: 12.5 kg')).toBeDefined();
    // A pack keeps no count of its own: no box to type one.
    expect(rowOf('Toor Dal 1 kg').querySelector('input:not([type=checkbox])')).toBeNull();

    // Pieces as before; 5 pieces are low, where 5 g would not be read as "5 left".
    const soapRow = within(rowOf('Soap'));
    expect(soapRow.getAllByText('₹40.00').length).toBeGreaterThan(0);
    expect(soapRow.getByText('Low stock')).toBeDefined();
    expect(loose.queryByText('Low stock')).toBeNull();
  });

  it('takes a loose product’s count as the counter reads a weight, and sends it in grams', async () => {
    await showList();
    const box = screen.getByLabelText<HTMLInputElement>('Toor Dal: kg left to sell');
    fireEvent.change(box, { target: { value: '1.2 kilos' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(stock).toEqual([{ id: dal._id, stockCount: 1200 }]));

    fireEvent.change(box, { target: { value: '2,5' } });
    fireEvent.submit(box.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Write the weight without a comma, with a point: 1.5 or 1500',
    );

    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(stock.at(-1)).toEqual({ id: dal._id, stockCount: 0 }));
    expect(heard.toasts).toContain('Stock Updated');
  });

  it('sets no one count of units for a selection holding a loose product', async () => {
    await showList();
    fireEvent.click(screen.getByLabelText('Select Toor Dal'));
    fireEvent.click(screen.getByLabelText('Select Soap'));
    fireEvent.change(screen.getByLabelText('Units left, each'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set units' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Loose products and packs drawing from them are counted on their own rows',
    );
    expect(stock).toEqual([]);
  });
});

describe('the Product List’s HSN codes and GST rates', () => {
  it('shows each product’s HSN code and rate; a registered shop’s products without them are marked', async () => {
    tax = 'regular';
    await showList();
    const soapRow = within(rowOf('Soap'));
    expect(soapRow.getByText('34011190')).toBeDefined();
    expect(soapRow.getByText('18 %')).toBeDefined();
    expect(soapRow.queryByText('No HSN/GST')).toBeNull();
    expect(await within(rowOf('Toor Dal')).findByText('No HSN/GST')).toBeDefined();
    expect(within(rowOf('Toor Dal 1 kg')).getByText('No HSN/GST')).toBeDefined();
  });

  it('marks none in a shop that is not registered', async () => {
    await showList();
    await waitFor(() => expect(queryClient.getQueryData(['shop'])).toBeDefined());
    expect(screen.queryByText('No HSN/GST')).toBeNull();
  });
});
