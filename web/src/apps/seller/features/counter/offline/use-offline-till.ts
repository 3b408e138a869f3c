import { formatAmount, SHOP_CURRENCY, toRupees, type Shop } from '@kirana/shared';
import { ApiError } from '../../../../../lib/api-client';
import type { TillCustomer } from '../bill';
import type { OfflineTill } from '../use-till-session';
import { counterDb } from './counter-db';
import { lookUpKept, searchKeptCustomers } from './kept-lookup';
import { offlineSale } from './offline-sale';
import { useKeptCatalogue } from './use-kept-catalogue';
import { useOfflineSync } from './use-offline-sync';

/** Why nothing is sold offline before the shop's settings are known here. */
const NOT_KEPT =
  'The shop’s settings are not kept on this counter yet: sell once the connection is back';

/** Kept customers a search shows at most. */
const KEPT_FOUND = 8;

const rs = (paise: number) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/**
 * Refuses a khata sale made offline that takes `customer` past their limit as last seen on this
 * counter (the server, unreached, cannot say), in the server's words.
 * @throws ApiError 409 CREDIT_LIMIT.
 */
function assertWithinLimit(customer: TillCustomer, onKhata: number) {
  const owed = Math.round(customer.balance * 100);
  const limit = Math.round(customer.creditLimit * 100);
  const asked = Math.round(onKhata * 100);
  if (owed + asked <= limit) return;
  const message =
    limit === 0
      ? `${customer.name}'s khata has no credit limit: the shop gives them no credit`
      : `${customer.name} owes ${rs(owed)} of a ${rs(limit)} limit: ${rs(Math.max(0, limit - owed))} is left, and this comes to ${rs(asked)}`;
  throw new ApiError(message, 409, { code: 'CREDIT_LIMIT' });
}

/**
 * The Counter's side without a connection (docs/counter.md#the-till-without-a-connection): the
 * catalogue, shop and khata customers kept on this counter (use-kept-catalogue.ts), the sales
 * kept and sent (use-offline-sync.ts), and what the till calls on them (OfflineTill): a code read
 * from the kept catalogue, a sale numbered in this counter's series and kept.
 */
export function useOfflineTill(shop: Shop | undefined) {
  const sync = useOfflineSync();
  const kept = useKeptCatalogue(shop, sync.online);
  const till: OfflineTill = {
    online: sync.online,
    wentOffline: sync.wentOffline,
    keep: async (request, bill, customer) => {
      if (!shop) throw new Error(NOT_KEPT);
      const madeAt = new Date();
      const waiting = await sync.keep({ madeAt, timeZone: shop.timeZone }, (number, device) => {
        const made = offlineSale({ ...request, bill, shop, device, number, madeAt, customer });
        if (customer && made.sale.onKhata > 0) assertWithinLimit(customer, made.sale.onKhata);
        return made;
      });
      return waiting.sale;
    },
    lookUp: async (code) => {
      if (!shop) throw new Error(NOT_KEPT);
      return lookUpKept(await counterDb(), code, shop);
    },
  };
  /** Khata customers found by name or phone among those kept on this counter. */
  const customers = async (q: string) => searchKeptCustomers(await counterDb(), q, KEPT_FOUND);
  return { till, sync, kept, customers };
}
