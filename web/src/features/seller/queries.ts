import {
  SELLER_MESSAGES,
  type Product,
  type ProductPageAnswer,
  type SellerOrder,
} from '@kirana/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiOf } from '../../lib/query-client';
import { store } from '../../lib/store';
import { toast } from '../../lib/toast';
import { getAgentLedger } from './api/get-agent-ledger';
import { getAgents } from './api/get-agents';
import { getCashReport } from './api/get-cash-report';
import { getOrderHistory } from './api/get-order-history';
import { listSellerProducts, type SellerProductList } from './api/list-products';
import { listSearchNames } from './api/search-names';
import { sessionLostAtom } from './atoms/seller-auth';
import { errorText, failureMessage, isSessionLost } from './failure-message';

/*
 * The seller's product data in the one cache of the server's data (lib/query-client): under
 * 'products' like the storefront's, so a live product event or an import refreshes both.
 */

export const sellerProductQueries = {
  /** A page of the Product List: a search, a category, a filter. */
  page: (list: SellerProductList) =>
    queryOptions({
      queryKey: ['products', 'seller', list],
      queryFn: ({ client, signal }) => listSellerProducts(apiOf(client), list, signal),
    }),
};

/**
 * `product` shown as it is on every page of the Product List that holds it, whatever its time
 * (a switch moved before the server answers, or moved back when it refuses).
 */
export function showOnProductList(client: QueryClient, product: Product): void {
  client.setQueriesData<ProductPageAnswer>({ queryKey: ['products', 'seller'] }, (held) => {
    if (!held?.products.some((candidate) => candidate._id === product._id)) return held;
    return {
      ...held,
      products: held.products.map((candidate) =>
        candidate._id === product._id ? product : candidate,
      ),
    };
  });
}

/** Products were added, archived or changed in ways that move them: the pages are asked again. */
export const refreshProductList = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['products', 'seller'] });

/**
 * A seller's call that failed: a lost session shows the login form again; otherwise `tell`, when
 * given, says why. Rethrows, for the screen's error state.
 */
function reported<T>(call: Promise<T>, signal: AbortSignal, tell?: (error: unknown) => void) {
  return call.catch((error: unknown) => {
    if (signal.aborted) throw error;
    if (isSessionLost(error)) store.set(sessionLostAtom, errorText(error));
    else tell?.(error);
    throw error;
  });
}

/*
 * The seller screens' other server data, under 'seller': a logout forgets it all, and the live
 * stream's `agents:updated` asks the team and the cash again (see atoms/live-feed.ts).
 */
export const sellerQueries = {
  /** The delivery team with each agent's status; a failure toasts. */
  agents: () =>
    queryOptions({
      queryKey: ['seller', 'agents'],
      queryFn: ({ signal }) =>
        reported(getAgents(signal), signal, (error) =>
          toast.error(failureMessage(error, SELLER_MESSAGES.loadAgentsFailed)),
        ),
    }),
  /** Every agent's cash figures of `date` (YYYY-MM-DD). */
  cashReport: (date: string) =>
    queryOptions({
      queryKey: ['seller', 'cash', 'report', date],
      queryFn: ({ signal }) => reported(getCashReport(date, signal), signal),
    }),
  /** One agent's cash in hand and latest ledger lines. */
  ledger: (agentId: string) =>
    queryOptions({
      queryKey: ['seller', 'cash', 'ledger', agentId],
      queryFn: ({ signal }) =>
        reported(getAgentLedger(agentId, signal), signal, (error) =>
          console.error('Could not load the ledger', error),
        ),
    }),
  /** An order's history as of its change at `updatedAt`: a newer change asks it again. */
  orderHistory: ({ _id, updatedAt }: Pick<SellerOrder, '_id' | 'updatedAt'>) =>
    queryOptions({
      queryKey: ['seller', 'order-history', _id, updatedAt],
      queryFn: ({ signal }) => reported(getOrderHistory(_id, signal), signal),
    }),
  /** The seller's own Indian names of groceries; a failure toasts. */
  searchNames: () =>
    queryOptions({
      queryKey: ['seller', 'search-names'],
      queryFn: ({ signal }) =>
        reported(listSearchNames(signal), signal, (error) => toast.error(errorText(error))),
    }),
};

/** The team changed, or cash moved: the team, the report and any ledger are asked again. */
export const refreshTeamAndCash = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['seller', 'agents'] }),
    client.invalidateQueries({ queryKey: ['seller', 'cash'] }),
  ]);

/** Forgets everything the seller screens hold, e.g. before another login. */
export const forgetSellerData = (client: QueryClient) => {
  client.removeQueries({ queryKey: ['seller'] });
  client.removeQueries({ queryKey: ['products', 'seller'] });
};
