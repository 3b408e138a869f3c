import type { KhataCustomer, KhataCustomerBody } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aKhataCustomer } from '../../../test/khata';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { KhataPage } from './khata-page';

/*
 * The Khata screen against the store's API answered at the fetch boundary: two customers, one
 * owing for 45 days, one owing nothing.
 */

const meena = aKhataCustomer({ balance: 450, owingDays: 45 });
const ravi = aKhataCustomer({
  _id: 'customer-2',
  name: 'Ravi Kumar',
  phone: '9123456780',
  balance: 0,
  creditLimit: 0,
});

/** The list queries asked, as their query strings. */
let asked: string[];
/** The customers sent to be added. */
let added: KhataCustomerBody[];
/** How the server answers an add. */
let add: (body: KhataCustomerBody) => Response;

const page = (customers: KhataCustomer[]) => ({
  success: true,
  customers,
  page: 1,
  pages: 1,
  total: customers.length,
  toCollect: customers.reduce((sum, { balance }) => sum + Math.max(0, balance), 0),
});

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/shop') return answer({ success: true, shop: aShop() });
  if (pathname === '/api/khata/import')
    return answer(
      {
        success: false,
        code: 'INVALID',
        message: '2 errors in the file: nothing was imported',
        errors: [
          { row: 2, message: 'row 2 (line 3): phone must be an Indian mobile number' },
          { row: 4, message: 'row 4 (line 5): balance must be a number of rupees' },
        ],
      },
      400,
    );
  if (pathname === '/api/khata/customers' && init.method === 'POST') {
    const body = JSON.parse(String(init.body)) as KhataCustomerBody;
    added.push(body);
    return add(body);
  }
  if (pathname === '/api/khata/customers') {
    asked.push(searchParams.toString());
    const q = searchParams.get('q') ?? '';
    const owing = searchParams.get('owing') === 'true';
    return answer(
      page(
        [meena, ravi].filter(
          (customer) =>
            (customer.name.toLowerCase().includes(q.toLowerCase()) || customer.phone.includes(q)) &&
            (!owing || customer.balance > 0),
        ),
      ),
    );
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

beforeEach(() => {
  asked = [];
  added = [];
  add = (body) =>
    answer({
      success: true,
      customer: aKhataCustomer({
        ...body,
        _id: 'customer-3',
        shopper: null,
        note: null,
        balance: 0,
      }),
    });
});

async function showKhata(address = '/seller/khata') {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/seller/khata" element={<KhataPage />} />
          <Route path="/seller/khata/:id" element={<p>Customer page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('link', { name: 'Meena Sharma' });
}

/** Opens Add customer, types `typed` into its fields by label, and submits; answers the dialog. */
function addCustomer(typed: Record<string, string>) {
  fireEvent.click(screen.getByRole('button', { name: 'Add customer' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Add a customer' }));
  for (const [label, value] of Object.entries(typed))
    fireEvent.change(dialog.getByLabelText(label), { target: { value } });
  fireEvent.submit(dialog.getByLabelText('Phone').closest('form')!);
  return dialog;
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('the Khata screen', () => {
  it('lists each customer with what they owe, their limit and ageing, and what all owe together', async () => {
    await showKhata();
    const owing = within(rowOf('Meena Sharma'));
    expect(owing.getByText('₹450.00')).toBeDefined();
    expect(owing.getByText('₹2000.00')).toBeDefined();
    expect(owing.getByText('31–60 days')).toBeDefined();
    const settled = within(rowOf('Ravi Kumar'));
    expect(settled.getByText('No credit')).toBeDefined();
    expect(settled.queryByText(/days$/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('To collect ₹450.00 · 2 customers');
  });

  it('asks for those whose name or phone matches what is typed, and only those owing when ticked', async () => {
    await showKhata();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '91234' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Meena Sharma' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Ravi Kumar' })).toBeDefined();
    expect(asked).toContain('q=91234');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    fireEvent.click(screen.getByLabelText('Owing only'));
    await waitFor(() => expect(asked.at(-1)).toBe('owing=true'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ravi Kumar' })).toBeNull());
  });

  it('names what is wrong in the Add customer form under each field, sending nothing', async () => {
    await showKhata();
    const dialog = addCustomer({ Phone: '12345', 'Credit limit (₹)': '-5' });

    const name = dialog.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText(/name is required/)).toBeDefined();
    expect(dialog.getByText(/phone must be an Indian mobile number/)).toBeDefined();
    expect(dialog.getByText(/creditLimit must be from 0/)).toBeDefined();
    expect(document.activeElement).toBe(name);
    expect(added).toEqual([]);
  });

  it('shows a phone already on the khata under the phone field', async () => {
    add = () => refusal(409, 'PHONE_TAKEN', 'Meena Sharma already has the phone 9876543210');
    await showKhata();
    const dialog = addCustomer({
      Name: 'Meena S',
      Phone: '+91 98765 43210',
      'Credit limit (₹)': '1,500',
    });

    await waitFor(() =>
      expect(dialog.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(dialog.getByText('Meena Sharma already has the phone 9876543210')).toBeDefined();
    expect(added).toEqual([
      { name: 'Meena S', phone: '9876543210', creditLimit: 1500, note: null, shopper: null },
    ]);
    expect(heard.toasts).toEqual([]);
  });

  it('adds a customer and opens their page', async () => {
    await showKhata();
    addCustomer({ Name: 'Asha', Phone: '9988776655' });

    expect(await screen.findByText('Customer page')).toBeDefined();
    expect(heard.toasts).toEqual(['Asha added to the khata']);
  });

  it('names the rows of a refused import, all or nothing', async () => {
    await showKhata();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Import customers' }));
    const csv = new File(['name,phone\nMeena,123'], 'khata.csv', { type: 'text/csv' });
    fireEvent.change(dialog.getByLabelText('CSV file'), { target: { files: [csv] } });
    fireEvent.submit(dialog.getByLabelText('CSV file').closest('form')!);

    const rows = await dialog.findByRole('list', { name: 'Rows not imported' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'row 2 (line 3): phone must be an Indian mobile number',
      'row 4 (line 5): balance must be a number of rupees',
    ]);
    expect(dialog.getByText('2 errors in the file: nothing was imported')).toBeDefined();
    expect(heard.toasts).toEqual([]);
  });
});
