import type {
  KhataAdjustmentBody,
  KhataCustomerBody,
  KhataEntryAnswer,
  KhataPaymentBody,
} from '@kirana/shared';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { saveKhataCustomer } from './api/customers';
import { writeKhataEntry } from './api/entries';
import { importKhataCustomers } from './api/import-customers';
import {
  khataQueries,
  refreshKhataCustomers,
  showKhataCustomer,
  type KhataEntryPages,
} from './queries';

/** Refusals the customer form shows under its fields rather than in a toast. */
const FORM_REFUSALS = ['INVALID', 'PHONE_TAKEN'] as const;

/** An entry just written, laid at the top of its ledger's first page, and the customer shown. */
function showEntry(client: QueryClient, { entry, customer }: KhataEntryAnswer): void {
  showKhataCustomer(client, customer);
  client.setQueryData<KhataEntryPages>(khataQueries.entries(customer._id).queryKey, (held) => {
    const [first, ...rest] = held?.pages ?? [];
    if (!held || !first || first.entries.some(({ _id }) => _id === entry._id)) return held;
    return {
      ...held,
      pages: [{ ...first, customer, entries: [entry, ...first.entries] }, ...rest],
    };
  });
  void client.invalidateQueries({ queryKey: khataQueries.reminder(customer._id).queryKey });
}

const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

export const khataMutations = {
  /**
   * Adds a customer (`id` null) or changes one. A refusal of a field (400, or 409 PHONE_TAKEN) is
   * left to the form, which says it under the field; any other toasts.
   */
  saveCustomer: () =>
    mutationOptions({
      mutationFn: ({ id, body }: { id: string | null; body: KhataCustomerBody }) =>
        saveKhataCustomer(id, body),
      onSuccess: ({ customer }, { id }, _context, { client }) => {
        showKhataCustomer(client, customer);
        if (id === null) void refreshKhataCustomers(client);
        toast.success(id === null ? `${customer.name} added to the khata` : 'Customer saved');
      },
      onError: reportFailure('Could not save the customer', FORM_REFUSALS),
    }),
  /**
   * Records money received from the customer under the dialog's Idempotency-Key (a retry is one
   * payment); the ledger and the balance follow at once.
   */
  receivePayment: () =>
    mutationOptions({
      mutationFn: ({ id, body, key }: { id: string; body: KhataPaymentBody; key: string }) =>
        writeKhataEntry(id, { kind: 'payments', body }, key),
      onSuccess: (answer, { body }, _context, { client }) => {
        showEntry(client, answer);
        toast.success(
          `${rupees(body.amount)} received by ${body.method === 'upi' ? 'UPI' : 'cash'}`,
        );
      },
      onError: reportFailure('Could not record the payment'),
    }),
  /** Writes an adjustment (signed, with its reason). */
  adjust: () =>
    mutationOptions({
      mutationFn: ({ id, body, key }: { id: string; body: KhataAdjustmentBody; key: string }) =>
        writeKhataEntry(id, { kind: 'adjustments', body }, key),
      onSuccess: (answer, _asked, _context, { client }) => {
        showEntry(client, answer);
        toast.success('Adjustment recorded');
      },
      onError: reportFailure('Could not record the adjustment'),
    }),
  /**
   * Imports customers and opening balances from a CSV, all rows or none. A refusal (rows named
   * in its message) is left to the import dialog, which shows it in place.
   */
  importCustomers: () =>
    mutationOptions({
      mutationFn: (file: File) => importKhataCustomers(file),
      onSuccess: (answer, _file, _context, { client }) => {
        void refreshKhataCustomers(client);
        toast.success(answer.message);
      },
      onError: reportFailure('Could not import the customers', ['INVALID']),
    }),
};
