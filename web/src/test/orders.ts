import type { AgentOrder, Order, Product, SellerOrder } from '@kirana/shared';

let counter = 0;

/** 10:`minute` on 1 January 2025, as the API writes times. */
export const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString();

/**
 * An order for unit tests: open, cash on delivery, unpaid (no time to pay by), not cancelled,
 * with no refund, unassigned, placed `minute` minutes past 10:00, with a fresh time-ordered id
 * and any field overridden. Unassigned, it is the seller's shape (the default), the agents' and
 * the shopper's alike.
 */
export function anOrder<T extends Order = SellerOrder>(
  minute: number,
  overrides: Partial<T> = {},
): T {
  counter += 1;
  const order: AgentOrder & SellerOrder = {
    _id: `0190a5b2-7c3e-7a10-8000-${String(counter).padStart(12, '0')}`,
    userId: '0190a5b2-7c3e-7a10-9000-000000000001',
    items: [],
    amount: 102,
    deliveryFee: 0,
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
    paidVia: null,
    payBy: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    refund: null,
    createdAt: at(minute),
    updatedAt: at(minute),
    promisedAt: at(minute + 30),
    acceptedAt: null,
    pickedAt: null,
    invoice: null,
    creditNote: null,
    deliveredAt: null,
    assignedTo: null,
    pinRequired: false,
    pinLocked: false,
  };
  return { ...order, ...overrides } as T;
}

/** An order's line of `quantity` of `product`, sold without tax details (the spec's shop). */
export const anItem = (product: Product, quantity: number): Order['items'][number] => ({
  product,
  quantity,
  hsn: null,
  gstRate: null,
  taxable: null,
  cgst: null,
  sgst: null,
});
