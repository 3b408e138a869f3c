import type { KhataCustomer, KhataEntry } from '@kirana/shared';

const DAY_MS = 86_400_000;

/** A khata customer who owes `balance` since `owingDays` days before now, with any field overridden. */
export function aKhataCustomer(
  overrides: Partial<KhataCustomer> & { owingDays?: number } = {},
): KhataCustomer {
  const { owingDays = 10, ...fields } = overrides;
  const balance = fields.balance ?? 450;
  return {
    _id: 'customer-1',
    name: 'Meena Sharma',
    phone: '9876543210',
    creditLimit: 2000,
    shopper: null,
    note: null,
    balance,
    oldestUnpaidAt: balance > 0 ? new Date(Date.now() - owingDays * DAY_MS).toISOString() : null,
    createdAt: '2026-11-01T04:30:00.000Z',
    ...fields,
  };
}

/** An entry of a ledger, with any field overridden. */
export function aKhataEntry(overrides: Partial<KhataEntry> = {}): KhataEntry {
  return {
    _id: 'entry-1',
    kind: 'credit',
    amount: 450,
    balance: 450,
    method: null,
    sale: { _id: 'sale-7', number: 'KS/26-27/7' },
    orderId: null,
    note: null,
    createdAt: '2026-12-01T05:00:00.000Z',
    ...overrides,
  };
}
