import type { ProductData } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aCategory, aLooseProductAndPack, aPage, aProduct } from '../../../test/products';
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
/** The Product List's pages asked for, as `filter:q`. */
let looseSearches: string[];

/** A loose product of the shop, for a pack to be sold from. */
const { loose: toorDal } = aLooseProductAndPack();

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/category/list')
    return answer({ success: true, categories: [aCategory('Fresh Fruits', 'Fruits')] });
  if (pathname === '/api/product/seller/list') {
    const query = new URL(url, 'http://kirana.test').searchParams;
    looseSearches.push(`${query.get('filter')}:${query.get('q')}`);
    return answer(aPage([toorDal]));
  }
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
  looseSearches = [];
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

  it('sends the HSN code and the GST rate chosen from the rates there are, or none', async () => {
    const { submit } = await fillMango();
    const rate = screen.getByLabelText<HTMLSelectElement>('GST rate (optional)');
    expect([...rate.options].map((option) => option.text)).toEqual([
      'Not set',
      '0 %',
      '0.25 %',
      '3 %',
      '5 %',
      '18 %',
      '40 %',
    ]);
    type('HSN code (optional)', '0804');
    fireEvent.change(rate, { target: { value: '5' } });
    submit();
    await waitFor(() => expect(heard.toasts).toContain('Product Added'));
    expect(sent).toEqual([expect.objectContaining({ hsn: '0804', gstRate: 5 })]);
  });

  it('says an HSN code not of 4, 6 or 8 digits at its field and sends nothing', async () => {
    const { submit } = await fillMango();
    type('HSN code (optional)', '08045');
    submit();
    const hsn = field('HSN code (optional)');
    await waitFor(() => expect(hsn.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('product-hsn-problem')?.textContent).toBe(
      'Must be an HSN code of 4, 6 or 8 digits, such as 1006 or 04012000',
    );
    expect(sent).toEqual([]);
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

  it('sends a product sold by the kilo: prices per kg, its steps in grams and its scale code', async () => {
    const { submit } = await fillMango();
    type('Sold by', 'kg');
    // Turned loose, it is offered in the usual steps; the prices are per kilo.
    expect(field('Steps offered online').value).toBe('250 g, 500 g, 1 kg');
    type('Product price per kg (₹)', '140');
    type('Offer price per kg (₹)', '132.50');
    type('Steps offered online', '250 g, 0.5, 1 kg, 2kg');
    expect(screen.getByText('Shoppers choose 250 g, 500 g, 1 kg, 2 kg.')).toBeDefined();
    type('Scale code (optional)', '00042');
    submit();
    await waitFor(() => expect(heard.toasts).toContain('Product Added'));
    expect(sent).toEqual([
      expect.objectContaining({
        unit: 'kg',
        price: 140,
        offerPrice: 132.5,
        steps: [250, 500, 1000, 2000],
        scaleCode: '00042',
        drawsFrom: null,
      }),
    ]);
  });

  it('says under its field what is wrong with the steps, and sends nothing', async () => {
    const { submit } = await fillMango();
    type('Sold by', 'kg');
    type('Steps offered online', '1 kg, 500 g');
    submit();
    const steps = field('Steps offered online');
    await waitFor(() => expect(steps.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('product-steps-problem')?.textContent).toBe(
      'Steps go from the smallest up, each once: 500 g comes after 1 kg',
    );
    expect(sent).toEqual([]);
  });

  it('sends a pack of a family sold from a loose product found by search, holding what was typed', async () => {
    const { submit } = await fillMango();
    type('Product name', 'Toor Dal 1 kg');
    type('Family (optional)', 'Toor Dal');
    type('Pack label (optional)', '1 kg');
    type('Search the loose products', 'toor');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Toor Dal' }));
    // Searched among the loose products only, once the typing paused.
    expect(looseSearches).toEqual(['loose:toor']);
    expect(screen.getByText('Toor Dal', { selector: 'strong' })).toBeDefined();
    type('A pack holds (optional)', '1 kg');
    submit();
    await waitFor(() => expect(heard.toasts).toContain('Product Added'));
    expect(sent).toEqual([
      expect.objectContaining({
        unit: 'piece',
        family: 'Toor Dal',
        packLabel: '1 kg',
        drawsFrom: toorDal._id,
        packQuantity: 1000,
      }),
    ]);
    // Started afresh: no loose product chosen, and an empty search.
    await waitFor(() => expect(field('Search the loose products').value).toBe(''));
  });

  it('shows a scale code another product has under its field, and says a refusal of no field whole', async () => {
    add = () => refusal(409, 'SCALE_CODE_TAKEN', 'scaleCode 00042 is already used by Toor Dal');
    const { submit } = await fillMango();
    type('Sold by', 'kg');
    type('Scale code (optional)', '00042');
    submit();
    const code = field('Scale code (optional)');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('product-scale-code-problem')?.textContent).toBe(
      '00042 is already used by Toor Dal',
    );
    expect(heard.toasts).toContain('scaleCode 00042 is already used by Toor Dal');

    add = () =>
      refusal(
        400,
        'DRAWS_FROM_INVALID',
        'drawsFrom: Toor Dal is sold by the piece: a pack draws from a product sold by kg or L',
      );
    type('Scale code (optional)', '00043');
    submit();
    await waitFor(() =>
      expect(heard.toasts).toContain(
        'drawsFrom: Toor Dal is sold by the piece: a pack draws from a product sold by kg or L',
      ),
    );
  });
});
