import type { KhataCustomer } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { refreshKhataLedger, showKhataCustomer } from './queries';

/**
 * Live `khata:updated`: an entry was written (a sale on the khata, a payment, a return) or the
 * customer changed: shown at once wherever they are, their ledger asked again.
 */
export const khataChanged = (client: QueryClient, customer: KhataCustomer): void => {
  showKhataCustomer(client, customer);
  void refreshKhataLedger(client, customer._id);
};
