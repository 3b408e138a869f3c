import type { ProductData } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aCategory, aProduct } from '../../../test/products';
import { answer, answeredBy, refusal } from '../../../test/store';
import { AddProductPage } from './add-product-page';

/*
 * The Add Product screen against the store's API answered at the fetch boundary: each test says
 * how the server answers the product sent.
 */

/** How the server answers `POST /api/product/add`, as each test says. */
let add: (data: ProductData) => Response;
/** The products sent, as their `productData`. */
let sent: ProductData[];

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/category/list')
    return answer({ success: true, categories: [aCategory('Fresh Fruits', 'Fruits')] });
  if (pathname === '/api/product/add') {
    const data = JSON.parse(String((init.body as FormData).get('productData'))) as ProductData;
    sent.push(data);
    return add(data);
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

beforeEach(() => {
  add = (data) =>
    answer({ success: true, message: 'Product Added', product: aProduct({ name: data.name }) });
  sent = [];
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

/** The Add Product screen, its categories loaded, filled with a mango the rules take. */
async function fillMango() {
  render(
    <QueryClientProvider client={queryClient}>
      <AddProductPage />
    </QueryClientProvider>,
  );
  await screen.findByText('Fresh Fruits');
  type('Product name', 'Alphonso Mango');
  type('Category', 'Fruits');
  type('Product price (₹)', '120');
  type('Offer price (₹)', '99.50');
  type('Barcode (optional)', '8901030865279');
  // Submitted as the browser does once its own checks pass (happy-dom's refuse 120 in steps of 0.01).
  const form = screen.getByRole('button', { name: 'Add product' }).closest('form')!;
  return { submit: () => fireEvent.submit(form) };
}

describe('the Add Product screen', () => {
  it('sends the product filled in, says it was added and starts afresh', async () => {
    const { submit } = await fillMango();
    submit();
    await waitFor(() => expect(heard.toasts).toContain('Product Added'));
    expect(sent).toEqual([
      expect.objectContaining({ name: 'Alphonso Mango', category: 'Fruits', offerPrice: 99.5 }),
    ]);
    await waitFor(() => expect(field('Product name').value).toBe(''));
    expect(field('Barcode (optional)').value).toBe('');
  });

  it('shows a refusal at the field it names, until that field is changed', async () => {
    add = () =>
      refusal(409, 'CONFLICT', 'barcode 8901030865279 is already used by another product');
    const { submit } = await fillMango();
    submit();

    const barcode = field('Barcode (optional)');
    const said = '8901030865279 is already used by another product';
    await waitFor(() => expect(barcode.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(barcode.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(said);
    // The form keeps what was typed, to be fixed.
    expect(field('Product name').value).toBe('Alphonso Mango');
    expect(screen.getByRole('button', { name: 'Add product' })).toHaveProperty('disabled', false);

    type('Barcode (optional)', '8901030865286');
    expect(barcode.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(said)).toBeNull();
  });

  it('sends nothing the server’s rules refuse: the problem is said, and shown at its field', async () => {
    const { submit } = await fillMango();
    type('Offer price (₹)', '120.01');
    submit();

    const offer = field('Offer price (₹)');
    await waitFor(() => expect(heard.toasts).toContain('Offer price must not exceed price'));
    expect(offer.getAttribute('aria-invalid')).toBe('true');
    expect(offer.getAttribute('aria-describedby')).toBe('product-offer-price-problem');
    // Under the field without its name, which its label says: the whole sentence is the toast's.
    expect(document.getElementById('product-offer-price-problem')?.textContent).toBe(
      'Must not exceed price',
    );
    expect(screen.queryByText('Offer price must not exceed price')).toBeNull();
    expect(sent).toEqual([]);
  });
});
