import {
  toRupees,
  type KhataCustomer,
  type KhataEntry,
  type KhataImportAnswer,
} from '@kirana/shared';
import type { ImportResult } from './khata-import.js';
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

/**
 * An import's answer: what it added and changed, or (a 400, nothing written) its rows' errors;
 * customers already on the khata keep the ledger's balance, and the message says which rows.
 */
export function presentImport(result: ImportResult): KhataImportAnswer {
  const failed = result.errors.length > 0;
  const kept = result.balancesKept.length;
  return {
    success: !failed,
    message: failed
      ? `${result.errors.length} ${result.errors.length === 1 ? 'error' : 'errors'} in the file: nothing was imported`
      : `${result.created} added, ${result.updated} updated` +
        (kept > 0
          ? `; rows ${result.balancesKept.join(', ')} are customers already on the khata: their balance stays the ledger's (write an adjustment to change it)`
          : ''),
    ...(failed && { code: 'INVALID' }),
    created: result.created,
    updated: result.updated,
    errors: result.errors,
  };
}
