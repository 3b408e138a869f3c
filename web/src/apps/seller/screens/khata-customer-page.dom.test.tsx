import { IDEMPOTENCY_KEY_HEADER, type KhataPaymentBody } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aKhataCustomer, aKhataEntry } from '../../../test/khata';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { KhataCustomerPage } from './khata-customer-page';

/*
 * A customer's khata page against the store's API answered at the fetch boundary: Meena owes
 * ₹450 for one counter bill.
 */

const meena = aKhataCustomer({ balance: 450 });
const sale = aKhataEntry();

/** The payments sent. */
let payments: KhataPaymentBody[];
/** The Idempotency-Key of each payment sent. */
let keys: (string | undefined)[];
/** The `before` of each ledger page asked. */
let pagesAsked: (string | null)[];

const WHATSAPP = 'https://wa.me/919876543210?text=Namaste%20Meena';

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  const path = `/api/khata/customers/${meena._id}`;
  if (pathname === '/api/shop')
    return answer({ success: true, shop: aShop({ upiId: 'kirana@upi', upiName: 'Kirana' }) });
  if (pathname === path) return answer({ success: true, customer: meena });
  if (pathname === `${path}/entries`) {
    const before = searchParams.get('before');
    pagesAsked.push(before);
    return before === null
      ? answer({ success: true, customer: meena, entries: [sale], more: true })
      : answer({
          success: true,
          customer: meena,
          entries: [
            aKhataEntry({
              _id: 'entry-0',
              kind: 'adjustment',
              amount: 0.5,
              balance: 0,
              note: 'Opening balance',
              sale: null,
            }),
          ],
          more: false,
        });
  }
  if (pathname === `${path}/payments` && init.method === 'POST') {
    const body = JSON.parse(String(init.body)) as KhataPaymentBody;
    payments.push(body);
    keys.push((init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER]);
    const customer = { ...meena, balance: meena.balance - body.amount };
    return answer({
      success: true,
      customer,
      entry: aKhataEntry({
        _id: 'entry-2',
        kind: 'payment',
        amount: -body.amount,
        balance: customer.balance,
        method: body.method,
        sale: null,
        createdAt: '2026-12-02T05:00:00.000Z',
      }),
    });
  }
  if (pathname === `${path}/reminder`)
    return answer({
      success: true,
      text: 'Namaste Meena, ₹450.00 is due at Kirana.',
      upiLink: 'upi://pay?pa=kirana@upi&pn=Kirana&am=450.00&cu=INR',
      whatsappLink: WHATSAPP,
    });
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

beforeEach(() => {
  payments = [];
  keys = [];
  pagesAsked = [];
});

async function showCustomer() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/seller/khata/${meena._id}`]}>
        <Routes>
          <Route path="/seller/khata/:id" element={<KhataCustomerPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('Counter bill KS/26-27/7');
}

const owes = () => screen.getByText('Owes').nextElementSibling?.textContent;

describe("a customer's khata page", () => {
  it('shows the ledger with its running balance, and older entries on asking', async () => {
    await showCustomer();
    expect(owes()).toBe('₹450.00');
    const row = within(screen.getByText('Counter bill KS/26-27/7').closest('tr')!);
    expect(row.getByText('+₹450.00')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await screen.findByText('Opening balance', { exact: false })).toBeDefined();
    expect(pagesAsked).toEqual([null, sale._id]);
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('receives a payment by UPI, showing the amount to ask for, and the balance and ledger follow', async () => {
    await showCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Receive payment' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Receive payment from Meena Sharma' }),
    );
    const amount = dialog.getByLabelText<HTMLInputElement>('Amount received (₹)');
    expect(amount.value).toBe('450.00');
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.click(dialog.getByLabelText('UPI'));
    expect(dialog.getByText('Ask for ₹200.00 by UPI')).toBeDefined();
    expect(dialog.getByLabelText('UPI QR code: pay ₹200.00 to Kirana')).toBeDefined();
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(owes()).toBe('₹250.00'));
    expect(payments).toEqual([{ amount: 200, method: 'upi' }]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(screen.getByText('Payment by UPI')).toBeDefined();
    expect(heard.toasts).toEqual(['₹200.00 received by UPI']);
  });

  it('refuses an amount that is not rupees without sending it', async () => {
    await showCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Receive payment' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Receive payment from Meena Sharma' }),
    );
    fireEvent.change(dialog.getByLabelText('Amount received (₹)'), { target: { value: 'abc' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(
      dialog.getByText('Type the amount received in rupees, e.g. 500 or 499.50'),
    ).toBeDefined();
    expect(payments).toEqual([]);
  });

  it('reminds by a WhatsApp link opened in a new window, with the text and the UPI link', async () => {
    await showCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Remind' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remind Meena Sharma' }));
    const whatsapp = await dialog.findByRole('link', { name: 'Open WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(WHATSAPP);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toBe('noopener');
    expect(dialog.getByText('Namaste Meena, ₹450.00 is due at Kirana.')).toBeDefined();
    expect(dialog.getByText('upi://pay?pa=kirana@upi&pn=Kirana&am=450.00&cu=INR')).toBeDefined();
  });

  it('links the statement of the days chosen, as a page and as a CSV', async () => {
    await showCustomer();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    const page = screen.getByRole('link', { name: 'Open statement' });
    expect(page.getAttribute('href')).toMatch(
      `/api/khata/customers/${meena._id}/statement?from=2026-11-01&to=2026-11-30&format=html`,
    );
    expect(page.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /format=csv$/,
    );
  });
});
