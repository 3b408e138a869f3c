import type { CounterSale, Product, ReceiptShop, SellerOrder } from '@kirana/shared';
import { SOLD_BY_THE_PIECE } from '@kirana/shared';

let sequence = 0;
const id = () => `0198c0de-0000-7000-8000-${String((sequence += 1)).padStart(12, '0')}`;

/** A product as the seller's order list carries it. */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: id(),
    name: 'Basmati Rice',
    category: 'Grains',
    description: ['Long grain'],
    price: 120,
    offerPrice: 110,
    image: ['/uploads/products/rice.webp'],
    inStock: true,
    stockCount: null,
    pastCount: 0,
    archivedAt: null,
    weight: '1 kg',
    sku: null,
    barcode: null,
    hsn: null,
    gstRate: null,
    ...SOLD_BY_THE_PIECE,
    createdAt: '2025-06-01T08:00:00.000Z',
    updatedAt: '2025-06-01T08:00:00.000Z',
    ...overrides,
  };
}

/** An order's line of `quantity` of `product`, sold without tax details (the spec's shop). */
export const item = (product: Product, quantity: number): SellerOrder['items'][number] => ({
  product,
  quantity,
  hsn: null,
  gstRate: null,
  taxable: null,
  cgst: null,
  sgst: null,
});

/** A valid seller order (it passes `sellerOrderSchema`): two lines, COD, not yet paid. */
export function sellerOrder(overrides: Partial<SellerOrder> = {}): SellerOrder {
  return {
    _id: id(),
    userId: id(),
    items: [
      item(product(), 2),
      item(product({ name: 'Amul Milk', category: 'Dairy', weight: '500 ml' }), 3),
    ],
    amount: 245,
    deliveryFee: 0,
    address: {
      _id: id(),
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zipcode: '560001',
      country: 'India',
      phone: '+919876543210',
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
    createdAt: '2025-06-01T09:30:00.000Z',
    updatedAt: '2025-06-01T09:30:00.000Z',
    promisedAt: '2025-06-01T10:00:00.000Z',
    acceptedAt: null,
    pickedAt: null,
    deliveredAt: null,
    assignedTo: null,
    pinRequired: true,
    pinLocked: false,
    invoice: null,
    creditNote: null,
    ...overrides,
  };
}

/** A logger that records what it was told. */
export function recordingLogger() {
  const entries: { level: 'info' | 'warn' | 'error'; message: string; details?: unknown }[] = [];
  const at =
    (level: 'info' | 'warn' | 'error') => (message: string, details?: Record<string, unknown>) =>
      void entries.push({ level, message, details });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

/** The shop as a receipt names it. */
export const receiptShop: ReceiptShop = {
  name: 'Kirana Store',
  legalName: '',
  phone: '98765 43210',
  address: '12 MG Road, Pune',
  timeZone: 'Asia/Kolkata',
  gstin: '',
};

/**
 * A walk-in sale as the API answers it (it passes `counterSaleSchema`), or as the Counter
 * reckons one made without a connection: a plain bill, two packets of salt paid in cash.
 */
export function counterSale(overrides: Partial<CounterSale> = {}): CounterSale {
  return {
    _id: id(),
    number: 42,
    invoice: { number: '26-27/42', series: 'INV', date: '2026-11-27', kind: 'bill' },
    lines: [
      {
        product: id(),
        name: 'Tata Salt 1 kg',
        unit: 'piece',
        quantity: 2,
        unitPrice: 28,
        amount: 56,
        returned: 0,
        hsn: null,
        gstRate: null,
        taxable: null,
        cgst: null,
        sgst: null,
      },
    ],
    subtotal: 56,
    tax: 0,
    amount: 56,
    payment: 'cash',
    tendered: 100,
    change: 44,
    customer: null,
    onKhata: 0,
    paid: null,
    refunded: 0,
    createdAt: '2026-11-27T09:10:00.000Z',
    ...overrides,
  };
}
