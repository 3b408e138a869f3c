import {
  SELLER_MESSAGES,
  SHOP_MESSAGES,
  type AssignOrderBody,
  type Product,
  type ProductPageAnswer,
  type SellerCancelOrderBody,
  type SellerOrder,
  type SellerOrderAnswer,
  type SellerOrdersAnswer,
  type ShopUpdateBody,
} from '@kirana/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-client';
import { apiOf } from '../../../../lib/query-client';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { saveShop } from '../shop-settings/api/save-shop';
import { receiveShop } from '../../../../common/shop-settings/cache';
import { assignOrder } from './api/assign-order';
import { backUpNow } from '../backups/api/back-up-now';
import { cancelOrder } from './api/cancel-order';
import { getAgentLedger } from '../team/api/get-agent-ledger';
import { getAgents } from '../team/api/get-agents';
import { getBackups } from '../backups/api/get-backups';
import { getCashReport } from '../team/api/get-cash-report';
import { getDashboard, type DashboardRange } from '../dashboard/api/get-dashboard';
import { getOrderHistory } from './api/get-order-history';
import { getSellerOrders } from './api/get-seller-orders';
import { listSellerProducts, type SellerProductList } from '../products/api/list-products';
import { releaseOrder } from './api/release-order';
import { listSearchNames } from '../categories/api/search-names';
import { unlockPin } from './api/unlock-pin';
import {
  announceNewOrders,
  receiveSellerOrder,
  refreshSellerOrders,
  SELLER_ORDERS_KEY,
} from './atoms/orders';
import { sessionLostAtom } from '../../session/seller-auth';
import { errorText, failureMessage, isSessionLost } from '../../failure-message';
import { reported } from '../../reported';
import { layOverPages, type SellerOrderPages } from './order-list';

const ORDERS_PAGE_SIZE = 20;
const BACKUPS_KEY = ['seller', 'backups'] as const;
/** How often the dashboard asks again while shown. */
const DASHBOARD_REFRESH_MS = 60_000;
/** How often the Backups screen asks while a backup is being written. */
const BACKUP_RUNNING_POLL_MS = 3000;

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

/*
 * The seller screens' other server data, under 'seller': a logout forgets it all, and the live
 * stream's `agents:updated` asks the team and the cash again (see ../../live-feed.ts).
 */
export const sellerQueries = {
  /**
   * Every order, newest first, by pages of the server's (`page` from 1): a refresh asks again
   * every page loaded, and live events lay orders in between (atoms/orders.ts). An answer keeps
   * the newer copy of each order and announces orders new to the seller to the desktop app (see
   * `layOverPages`, which sees every write: answers and live events alike). A failed refresh
   * toasts once until one succeeds (a dead network is polled every 30 s); a failed 'Load more'
   * always toasts.
   */
  orders: () =>
    infiniteQueryOptions<
      SellerOrdersAnswer,
      Error,
      SellerOrderPages,
      typeof SELLER_ORDERS_KEY,
      number
    >({
      queryKey: SELLER_ORDERS_KEY,
      queryFn: ({ client, pageParam, signal }) => {
        const held = client.getQueryState<SellerOrderPages>(SELLER_ORDERS_KEY);
        const further = held?.data !== undefined && !held.data.pageParams.includes(pageParam);
        // Whether the last call failed (a fetch under way no longer says so by its status).
        const failing = held !== undefined && held.errorUpdatedAt > held.dataUpdatedAt;
        return reported(getSellerOrders(pageParam, ORDERS_PAGE_SIZE, signal), signal, (error) => {
          if (further || !failing)
            toast.error(failureMessage(error, SELLER_MESSAGES.loadOrdersFailed));
        });
      },
      initialPageParam: 1,
      getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
      structuralSharing: (held, fetched) =>
        layOverPages(
          held as SellerOrderPages | undefined,
          fetched as SellerOrderPages,
          announceNewOrders,
        ),
      // Polled every 30 s while the stream is down: each failure waits for the next poll.
      retry: false,
    }),
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
  /**
   * The shop's backups and how backing up goes. No live event says a scheduled backup was
   * written: asked again whenever the screen shows, and every few seconds while one is written.
   */
  backups: () =>
    queryOptions({
      queryKey: BACKUPS_KEY,
      queryFn: ({ signal }) => reported(getBackups(signal), signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.running ? BACKUP_RUNNING_POLL_MS : false),
    }),
  /** How the shop did over `range`, asked again each minute while shown (orders keep coming). */
  dashboard: (range: DashboardRange) =>
    queryOptions({
      queryKey: ['seller', 'dashboard', range.from, range.to],
      queryFn: ({ client, signal }) => getDashboard(apiOf(client), range, signal),
      staleTime: 0,
      refetchInterval: DASHBOARD_REFRESH_MS,
      placeholderData: keepPreviousData,
    }),
  /** The seller's own Indian names of groceries; a failure toasts. */
  searchNames: () =>
    queryOptions({
      queryKey: ['seller', 'search-names'],
      queryFn: ({ signal }) =>
        reported(listSearchNames(signal), signal, (error) => toast.error(errorText(error))),
    }),
};

/**
 * One change of an order the seller asked for (already confirmed): the answer is laid into the
 * orders held and the server's message toasted. A refusal toasts its message or `failed` and
 * fetches the orders again, as the order has changed meanwhile; a 401 shows the login form.
 */
function orderChange<Asked>(send: (asked: Asked) => Promise<SellerOrderAnswer>, failed: string) {
  return () =>
    mutationOptions<SellerOrderAnswer, Error, Asked>({
      mutationFn: send,
      onSuccess: (answer, _asked, _context, { client }) => {
        receiveSellerOrder(client, answer.order, false);
        toast.success(answer.message);
      },
      onError: (error, _asked, _context, { client }) => {
        if (isSessionLost(error)) return store.set(sessionLostAtom, errorText(error));
        toast.error(failureMessage(error, failed));
        void refreshSellerOrders(client);
      },
    });
}

/** The seller's changes to an order, each answered with the order as it now is. */
export const sellerOrderChanges = {
  /** Takes an order back from its agent, to the open pool. */
  takeBack: orderChange(
    (orderId: string) => releaseOrder({ orderId }),
    SELLER_MESSAGES.takeBackFailed,
  ),
  /** Cancels an order with the seller's reason; a paid one is refunded. */
  cancel: orderChange(
    (body: SellerCancelOrderBody) => cancelOrder(body),
    SHOP_MESSAGES.cancelFailed,
  ),
  /** Hands an open order to an agent. */
  assign: orderChange((body: AssignOrderBody) => assignOrder(body), SELLER_MESSAGES.assignFailed),
  /** Lets the agent try the delivery PIN again after a lock. */
  unlockPin: orderChange(
    (orderId: string) => unlockPin({ orderId }),
    SELLER_MESSAGES.unlockPinFailed,
  ),
};

/**
 * Backs the shop up now: the list is asked again either way, and a success toasted. A failure of
 * the backup itself is told by the live `backup:failed` (atoms/backups.ts) and the screen's
 * alert; any other (the store unreachable) toasts here.
 */
export const backUpNowMutation = () =>
  mutationOptions({
    mutationFn: () => backUpNow(),
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      if (isSessionLost(error)) return store.set(sessionLostAtom, errorText(error));
      if (!(error instanceof ApiError && error.code === 'BACKUP_FAILED'))
        toast.error(failureMessage(error, SELLER_MESSAGES.backUpNowFailed));
    },
    onSettled: (_answer, _error, _asked, _context, { client }) => refreshBackups(client),
  });

/**
 * Saves the shop's settings (or pauses or reopens it): what is saved goes into the screens at
 * once, the storefront's included; a refusal names the setting.
 */
export const saveShopMutation = () =>
  mutationOptions({
    mutationFn: (body: ShopUpdateBody) => saveShop(body),
    onSuccess: (answer, _body, _context, { client }) => {
      receiveShop(client, answer.shop, answer.zipcodes);
      toast.success(answer.message);
    },
    onError: (error) => {
      if (isSessionLost(error)) return store.set(sessionLostAtom, errorText(error));
      toast.error(failureMessage(error, SELLER_MESSAGES.saveShopFailed));
    },
  });

/** A backup was written or failed: the Backups screen asks again. */
export const refreshBackups = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: BACKUPS_KEY });

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
