import type { GstSummaryAnswer, TaxMode } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { GstPage } from './gst-page';

/*
 * The GST screen against the store's API answered at the fetch boundary, on a clock fixed at
 * 8 pm UTC on 31 December 2026: 1:30 am on 1 January 2027 at the shop in Kolkata.
 */

/** How the shop bills, as each test says. */
let tax: TaxMode;
/** The months the summary was asked for. */
let asked: string[];

const summaryOf = (month: string): GstSummaryAnswer => ({
  success: true,
  month,
  tax,
  gstin: tax === 'regular' ? '27AAPFU0939F1ZV' : '',
  byRate: [
    { rate: 5, taxable: 952.38, cgst: 23.81, sgst: 23.81, amount: 1000 },
    { rate: 18, taxable: 423.73, cgst: 38.13, sgst: 38.14, amount: 500 },
  ],
  total: { taxable: 1376.11, cgst: 61.94, sgst: 61.95, amount: 1500 },
  documents: [
    { series: 'INV', kind: 'tax-invoice', from: 'KS/26-27/101', to: 'KS/26-27/140', count: 40 },
    { series: 'CN', kind: 'credit-note', from: 'KS/26-27/CN1', to: 'KS/26-27/CN2', count: 2 },
  ],
});

async function store(url: string): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/shop') return answer({ success: true, shop: aShop({ tax }) });
  if (pathname === '/api/gst/summary') {
    const month = searchParams.get('month') ?? '';
    asked.push(month);
    return answer(summaryOf(month));
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

answeredBy(store);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-31T20:00:00Z'));
  tax = 'regular';
  asked = [];
});

afterEach(() => {
  vi.useRealTimers();
});

async function showGst() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/seller/gst']}>
        <GstPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table', { name: /^Sales by GST rate/ });
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the GST screen', () => {
  it('shows the shop’s month by rate with its total, and the documents issued', async () => {
    await showGst();
    // The shop's month, already January in Kolkata.
    await waitFor(() => expect(asked).toContain('2027-01'));
    expect(screen.getByLabelText<HTMLSelectElement>('Month').value).toBe('2027-01');

    const byRate = screen.getByRole('table', { name: 'Sales by GST rate, January 2027' });
    const rows = within(byRate)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RateTaxable valueCGSTSGSTAmount',
      '5 %₹952.38₹23.81₹23.81₹1000.00',
      '18 %₹423.73₹38.13₹38.14₹500.00',
      'Total₹1376.11₹61.94₹61.95₹1500.00',
    ]);
    const documents = screen.getByRole('table', { name: 'Documents issued, January 2027' });
    expect(within(documents).getByText('Tax invoices').closest('tr')?.textContent).toBe(
      'Tax invoicesINVKS/26-27/101 – KS/26-27/14040',
    );
    expect(screen.getByText('GSTIN 27AAPFU0939F1ZV')).toBeDefined();
  });

  it('links the month’s GSTR-1, its three tables and the sales register; another month chosen, theirs', async () => {
    await showGst();
    expect(hrefOf('GSTR-1 (JSON)')).toBe('/api/gst/gstr1?month=2027-01');
    expect(hrefOf('B2C small (CSV)')).toBe('/api/gst/gstr1?month=2027-01&format=csv&table=b2cs');
    expect(hrefOf('HSN summary (CSV)')).toBe('/api/gst/gstr1?month=2027-01&format=csv&table=hsn');
    expect(hrefOf('Nil rated (CSV)')).toBe('/api/gst/gstr1?month=2027-01&format=csv&table=exemp');
    expect(hrefOf('Documents issued (CSV)')).toBe(
      '/api/gst/gstr1?month=2027-01&format=csv&table=docs',
    );
    expect(hrefOf('Sales register (CSV)')).toBe('/api/gst/register?month=2027-01');

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-11' } });
    await screen.findByRole('table', { name: 'Sales by GST rate, November 2026' });
    expect(asked).toContain('2026-11');
    expect(hrefOf('GSTR-1 (JSON)')).toBe('/api/gst/gstr1?month=2026-11');
    expect(hrefOf('Sales register (CSV)')).toBe('/api/gst/register?month=2026-11');
  });

  it('offers the shop’s month and the two years before it, none after', async () => {
    await showGst();
    const months = [...screen.getByLabelText<HTMLSelectElement>('Month').options];
    expect(months[0]?.text).toBe('January 2027');
    expect(months[1]?.text).toBe('December 2026');
    expect(months).toHaveLength(24);
  });

  it('in a shop not registered, says GSTR-1 is for registered shops and offers the register only', async () => {
    tax = 'unregistered';
    await showGst();
    expect(screen.getByText(/GSTR-1 is for registered shops/)).toBeDefined();
    expect(screen.queryByRole('link', { name: 'GSTR-1 (JSON)' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'HSN summary (CSV)' })).toBeNull();
    expect(hrefOf('Sales register (CSV)')).toBe('/api/gst/register?month=2027-01');
  });
});
