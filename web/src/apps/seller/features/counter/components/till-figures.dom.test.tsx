import type { CounterDay } from '@kirana/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { TillFigures } from './till-figures';

const day: CounterDay = {
  _id: '0190a1b2-0000-7000-8000-000000000001',
  date: '2026-12-06',
  openedAt: '2026-12-06T03:30:00.000Z',
  closedAt: null,
  openingFloat: 500,
  sales: 3,
  cashSales: 250,
  upiSales: 80,
  cashReturns: 20,
  upiReturns: 0,
  handovers: 100,
  payouts: 30,
  khataSales: 410,
  khataCash: 120,
  expected: 920,
  counted: null,
  difference: null,
  note: null,
};

/** The figure the row named `name` shows. */
const figure = (name: string) =>
  within(screen.getByText(name).closest('div')!).getByRole('definition').textContent;

describe('the till’s figures', () => {
  test('the cash expected adds up from the rows above it, khata payments in cash included; what went on the khata is shown apart', () => {
    render(<TillFigures day={day} />);
    expect(figure('Khata payments in cash')).toBe('₹120.00');
    expect(figure('Put on the khata')).toBe('₹410.00');
    // 500 + 250 − 20 + 100 + 120 − 30: every cash row counts, the khata's sales do not.
    expect(figure('Cash expected')).toBe('₹920.00');
  });
});
