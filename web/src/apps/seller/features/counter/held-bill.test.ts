import type { Product } from '@kirana/shared';
import { SOLD_BY_THE_PIECE } from '@kirana/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldBill, holdBill } from './held-bill';

const rice: Product = {
  _id: '0193a1b2-0000-7000-8000-000000000001',
  name: 'Rice 5 kg',
  category: 'grocery',
  description: [],
  price: 420,
  offerPrice: 399,
  image: [],
  inStock: true,
  stockCount: 12,
  pastCount: 0,
  weight: null,
  sku: 'RICE-5',
  barcode: '8901234567890',
  hsn: null,
  gstRate: null,
  ...SOLD_BY_THE_PIECE,
  archivedAt: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('the bill held over a reload', () => {
  let kept: Map<string, string>;
  beforeEach(() => {
    kept = new Map();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('comes back as it was held, with its key, payment, cash tendered and unanswered try', () => {
    const held = {
      bill: [{ product: rice, quantity: 3 }],
      key: 'b6f2c0d4-0000-4000-8000-000000000001',
      payment: 'cash' as const,
      tendered: '2,000',
      unanswered: { items: [{ product: rice._id, quantity: 2 }], payment: 'cash' as const },
    };
    holdBill(held);
    // Held before the khata: none chosen.
    expect(heldBill()).toEqual({ ...held, customer: null, split: { paid: '', by: 'cash' } });
  });

  it('comes back with its khata customer, the part paid now and the try sent on the khata', () => {
    const held = {
      bill: [{ product: rice, quantity: 3 }],
      key: 'k',
      payment: 'khata' as const,
      tendered: '',
      customer: { _id: 'c1', name: 'Meena', phone: '9876543210', balance: 450, creditLimit: 2000 },
      split: { paid: '100', by: 'upi' as const },
      unanswered: {
        items: [{ product: rice._id, quantity: 3 }],
        payment: 'khata' as const,
        customer: 'c1',
        paid: { upi: 100 },
      },
    };
    holdBill(held);
    expect(heldBill()).toEqual(held);
  });

  it('a bill held before products carried pastCount comes back, its products with none', () => {
    const { pastCount: _, ...before } = rice;
    const held = {
      bill: [{ product: before, quantity: 1 }],
      key: 'k',
      payment: 'upi',
      tendered: '',
    };
    kept.set('kirana.counter.bill', JSON.stringify({ ...held, unanswered: null }));
    expect(heldBill()?.bill).toEqual([{ product: rice, quantity: 1 }]);
  });

  it('keeps a loose line in grams with its scale labels, and no more grams than a line holds', () => {
    const onion: Product = { ...rice, _id: 'onion', unit: 'kg', scaleCode: '00042' };
    const held = {
      bill: [
        {
          product: onion,
          quantity: 1250,
          labels: [{ code: '2100042007505', quantity: 750 }],
        },
        { product: rice, quantity: 2 },
      ],
      key: 'k',
      payment: 'cash' as const,
      tendered: '',
      unanswered: { items: [{ code: '2100042007505' }], payment: 'cash' as const },
      customer: null,
      split: { paid: '', by: 'cash' as const },
    };
    holdBill(held);
    expect(heldBill()).toEqual(held);
    // 1,250 pieces of rice, or labels weighing more than their line: not a bill this screen reads.
    holdBill({ ...held, bill: [{ product: rice, quantity: 1250 }] });
    expect(heldBill()).toBeNull();
    holdBill({ ...held, bill: [{ ...held.bill[0]!, quantity: 500 }] });
    expect(heldBill()).toBeNull();
  });

  it('an empty bill keeps nothing, and what this screen cannot read is no bill', () => {
    holdBill({
      bill: [{ product: rice, quantity: 1 }],
      key: 'k',
      payment: 'upi',
      tendered: '',
      unanswered: null,
    });
    holdBill({ bill: [], key: 'k', payment: 'upi', tendered: '', unanswered: null });
    expect(kept.size).toBe(0);
    expect(heldBill()).toBeNull();
    kept.set('kirana.counter.bill', '{"bill":[{"product":{"_id":"x"},"quantity":1}]}');
    expect(heldBill()).toBeNull();
    kept.set('kirana.counter.bill', 'not json');
    expect(heldBill()).toBeNull();
  });

  it('without storage, nothing is kept and nothing fails', () => {
    vi.stubGlobal('sessionStorage', undefined);
    holdBill({
      bill: [{ product: rice, quantity: 1 }],
      key: 'k',
      payment: 'cash',
      tendered: '',
      unanswered: null,
    });
    expect(heldBill()).toBeNull();
  });
});
