import type { SellerOrder } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printInFrame } from '../../../../../lib/print-in-frame';
import { queryClient } from '../../../../../lib/query-client';
import { anOrder } from '../../../../../test/orders';
import { aShop } from '../../../../../test/shop';
import { answer, answeredBy } from '../../../../../test/store';
import { OrderCard } from './order-card';

/* An order's card and its GST documents: the invoice issued when it was picked, a credit note. */

// In a browser, or inside the desktop app (which opens no window of the shop's own pages).
const bridge = vi.hoisted(() => ({ desktop: undefined as object | undefined }));
vi.mock('../../../../../lib/desktop-bridge', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  get desktop() {
    return bridge.desktop;
  },
}));
vi.mock('../../../../../lib/print-in-frame', () => ({
  printInFrame: vi.fn(async () => ({ printed: true })),
}));
afterEach(() => {
  bridge.desktop = undefined;
});

answeredBy(async () => answer({ success: true, shop: aShop() }));

const invoice = {
  number: 'KS/26-27/12',
  series: 'INV',
  date: '2026-12-06',
  kind: 'tax-invoice',
} as const;

const show = (order = anOrder(0)) =>
  render(
    <QueryClientProvider client={queryClient}>
      <OrderCard order={order} />
    </QueryClientProvider>,
  );

describe('an order’s card', () => {
  it('links an invoiced order’s invoice, to open in a new tab', () => {
    const order = anOrder<SellerOrder>(0, { status: 'Picked', invoice });
    show(order);
    const link = screen.getByRole('link', { name: 'Invoice KS/26-27/12' });
    expect(link.getAttribute('href')).toBe(`/api/order/${order._id}/invoice`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText(/Credit note/)).toBeNull();
  });

  it('prints the invoice from a frame inside the desktop app', () => {
    bridge.desktop = {};
    const order = anOrder<SellerOrder>(0, { status: 'Picked', invoice });
    show(order);
    expect(screen.queryByRole('link', { name: /Invoice/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Print invoice KS/26-27/12' }));
    expect(printInFrame).toHaveBeenCalledWith(`/api/order/${order._id}/invoice`, 'Invoice');
  });

  it('names the credit note of an order cancelled after its invoice', () => {
    show(
      anOrder<SellerOrder>(0, {
        status: 'Cancelled',
        invoice,
        creditNote: { ...invoice, number: 'KS/26-27/CN3', series: 'CN', kind: 'credit-note' },
      }),
    );
    expect(screen.getByText('Credit note KS/26-27/CN3')).toBeDefined();
  });

  it('offers no invoice before one is issued', () => {
    show();
    expect(screen.queryByRole('link', { name: /^Invoice/ })).toBeNull();
  });
});
