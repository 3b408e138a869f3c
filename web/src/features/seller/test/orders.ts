import type { SellerOrder } from '@kirana/shared';

let counter = 0;

/**
 * A seller's order for unit tests, placed `minute` minutes past 10:00 on 1 January 2025, with a
 * fresh time-ordered id and any field overridden.
 */
export function anOrder(minute: number, overrides: Partial<SellerOrder> = {}): SellerOrder {
  counter += 1;
  const at = new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString();
  return {
    _id: `0190a5b2-7c3e-7a10-8000-${String(counter).padStart(12, '0')}`,
    userId: '0190a5b2-7c3e-7a10-9000-000000000001',
    items: [],
    amount: 102,
    address: {
      _id: '0190a5b2-7c3e-7a10-a000-000000000001',
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya@example.com',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zipcode: '560038',
      country: 'India',
      phone: '9812345678',
    },
    status: 'Order Placed',
    paymentType: 'COD',
    isPaid: false,
    createdAt: at,
    updatedAt: at,
    assignedTo: null,
    ...overrides,
  };
}
