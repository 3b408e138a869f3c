import { toRupees, type KhataCustomer, type KhataEntry } from '@kirana/shared';
import type { CustomerRecord, EntryRecord } from './khata-reads.js';

/** A customer as the khata's answers and the seller's socket give them: rupees, ISO times. */
export function presentCustomer(customer: CustomerRecord): KhataCustomer {
  return {
    _id: customer.id,
    name: customer.name,
    phone: customer.phone,
    creditLimit: toRupees(customer.creditLimitPaise),
    shopper: customer.shopper && {
      _id: customer.shopper.id,
      name: customer.shopper.name,
      email: customer.shopper.email,
    },
    note: customer.note,
    balance: toRupees(customer.balancePaise),
    oldestUnpaidAt: customer.owingSince?.toISOString() ?? null,
    createdAt: customer.createdAt.toISOString(),
  };
}

/** An entry of a ledger, with the balance it left. */
export function presentEntry(entry: EntryRecord): KhataEntry {
  return {
    _id: entry.id,
    kind: entry.kind,
    amount: toRupees(entry.amountPaise),
    balance: toRupees(entry.balancePaise),
    method: entry.method,
    sale: entry.sale && { _id: entry.sale.id, number: entry.sale.number },
    orderId: entry.orderId,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
  };
}
