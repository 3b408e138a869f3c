import { formatAmount, ORDER_CURRENCY, type AgentCash, type AgentOrder } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { store } from '../../lib/store';
import { toast } from '../../lib/toast';
import { agentScreenOf } from './agent-path';
import { getCash } from './api/get-cash';
import { getVisibleOrders } from './api/get-visible-orders';
import type { Reach } from '../../lib/refresh-loop';
import { offlineAtom, sessionLostAtom } from './session/session-state';
import { failureText, isSessionLost, isUnreachable } from './failure-message';
import { reconcileOrders, receiveOrder, withoutRemovedOrder } from './order-lists';

/*
 * The logged-in agent's server data: the orders they can see (the open pool and their own, which
 * the screens split) and their cash in hand, in a cache of their own that the logged-in screens
 * create (layout/agent-shell.tsx, one per agent: a logout or the next agent's login leaves
 * nothing behind, and an answer that lands later lands in a cache nobody reads). Live events lay
 * changes in (live-feed.ts), the actions' answers too (features/orders/mutations.ts); the
 * refresh loop (use-orders-feed.ts) polls and retries.
 */

/**
 * The agent app's cache. Nothing is fetched again by itself (no staleness, no retry, no refetch
 * on focus or reconnect): the refresh loop does that, with its backoff. Calls go out even when
 * the browser says it is offline, since their failure is what raises the offline banner.
 */
export function createAgentQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
}

/** The key of the orders agent `agentId` can see. */
export const agentOrdersKey = (agentId: string) => ['agent', agentId, 'orders'] as const;
/** The key of agent `agentId`'s cash in hand. */
export const agentCashKey = (agentId: string) => ['agent', agentId, 'cash'] as const;

/** The screen asking, whose texts a failure uses. */
export type OrdersScreen = 'active' | 'delivered';

/** The screen's text for a list that could not be loaded: the spec's, per screen. */
export function loadFailedText(screen: OrdersScreen): string {
  return screen === 'delivered'
    ? t({ id: 'spec.loadDeliveredOrdersFailed', message: 'Failed to load delivered orders' })
    : t({ id: 'spec.loadOrdersFailed', message: 'Failed to load orders' });
}

function loadFailureText(error: unknown, screen: OrdersScreen): string {
  const failed =
    screen === 'delivered'
      ? loadFailedText(screen)
      : t({ id: 'spec.fetchOrdersError', message: 'Error fetching orders' });
  return failureText(error, { rejected: loadFailedText(screen), failed });
}

/** The login shows again with the words for the answer's code, else 'Please login as agent'. */
export function sessionLostText(error: unknown): string {
  const pleaseLogIn = t({ id: 'spec.loginAsAgent', message: 'Please login as agent' });
  return failureText(error, { rejected: pleaseLogIn, failed: pleaseLogIn });
}

/** The orders screen on show, whose words a failure uses (the cash screen counts as Active). */
const shownScreen = (): OrdersScreen =>
  agentScreenOf(globalThis.location?.pathname ?? '') === 'delivered' ? 'delivered' : 'active';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** The id of the newest line of `cash` (ids are time-ordered UUIDv7), or '' for none. */
const newestLine = (cash: AgentCash) => cash.lines[0]?._id ?? '';

/**
 * The cash to hold once `incoming` (an answer, or live `cash:updated`) arrives over `held`:
 * `held` when the incoming copy is older (a late answer never rolls the screen back). A handover
 * the phone had not seen yet is announced: the shop has just taken cash at the counter.
 */
export function layOverCash(held: AgentCash | undefined, incoming: AgentCash): AgentCash {
  if (!held) return incoming;
  if (newestLine(incoming) < newestLine(held)) return held;
  const seen = new Set(held.lines.map((line) => line._id));
  for (const line of incoming.lines) {
    if (line.kind !== 'handover' || seen.has(line._id)) continue;
    const amount = rupees(-line.amount);
    const left = rupees(line.balance);
    toast.success(t`The shop took ${amount} from you. Cash in hand: ${left}`);
  }
  return incoming;
}

/**
 * The agents whose orders' last fetch failed, per cache (each login makes its own): a failing
 * streak toasts once. Kept apart from the query's timestamps, which a failure and the data
 * before it can share to the millisecond.
 */
const failingOrders = new WeakMap<QueryClient, Set<string>>();

export const agentQueries = {
  /**
   * Every order agent `agentId` can see, newest first. An answer is laid over the orders held
   * (`reconcileOrders`: exactly the orders it lists, each the newer copy, so an answer that raced
   * a live event never rolls a card back); this sees every write, live events' too. A failure
   * toasts once per failing streak (the server's message, else the screen's text); an
   * unreachable server also raises the offline banner; a 401 shows the login.
   */
  orders: (agentId: string) =>
    queryOptions({
      queryKey: agentOrdersKey(agentId),
      queryFn: async ({ client, signal }): Promise<readonly AgentOrder[]> => {
        const streaks = failingOrders.get(client) ?? new Set<string>();
        failingOrders.set(client, streaks);
        // Whether the last call failed: its failure was said already.
        const failing = streaks.has(agentId);
        try {
          const orders = await getVisibleOrders(signal);
          streaks.delete(agentId);
          store.set(offlineAtom, false);
          return orders;
        } catch (error) {
          if (signal.aborted) throw error;
          if (isSessionLost(error)) store.set(sessionLostAtom, sessionLostText(error));
          else {
            if (!failing) toast.error(loadFailureText(error, shownScreen()));
            streaks.add(agentId);
            if (isUnreachable(error)) store.set(offlineAtom, true);
          }
          throw error;
        }
      },
      structuralSharing: (held, fetched) =>
        reconcileOrders((held as readonly AgentOrder[] | undefined) ?? [], fetched as AgentOrder[]),
    }),
  /**
   * Agent `agentId`'s cash in hand and latest ledger lines; never rolled back by an older copy,
   * and a new handover is announced (`layOverCash`). Fetched by the refresh loop, once the
   * orders' refresh has reached the server (`refreshAgentData`), not by the screens showing it.
   * A failure is only logged: the orders' refresh reports the network.
   */
  cash: (agentId: string) =>
    queryOptions({
      queryKey: agentCashKey(agentId),
      enabled: false,
      queryFn: () =>
        getCash().catch((error: unknown) => {
          if (!isSessionLost(error)) console.warn('Could not load the cash in hand', error);
          throw error;
        }),
      structuralSharing: (held, fetched) =>
        layOverCash(held as AgentCash | undefined, fetched as AgentCash),
    }),
};

/**
 * The orders held for `agentId` changed by `change`, when they have been loaded. The time they
 * came from the server ('Updated 10:42', and whether a refresh is failing) stays that of the
 * last answer.
 */
function changeOrders(
  client: QueryClient,
  agentId: string,
  change: (held: readonly AgentOrder[]) => readonly AgentOrder[],
): void {
  const key = agentOrdersKey(agentId);
  const updatedAt = client.getQueryState(key)?.dataUpdatedAt;
  client.setQueryData<readonly AgentOrder[]>(key, (held) => held && change(held), { updatedAt });
}

/**
 * One changed order (an action's answer, or live `order:created` / `order:updated`) laid into
 * the orders held by `_id` and `updatedAt` (an older copy changes nothing), or taken out once
 * the agent may no longer see it.
 */
export function layOrderIn(client: QueryClient, agentId: string, order: AgentOrder): void {
  changeOrders(client, agentId, (held) => receiveOrder(held, order, agentId));
}

/** The order a live `order:removed` names taken out of the orders held (`withoutRemovedOrder`). */
export function takeOrderOut(
  client: QueryClient,
  agentId: string,
  removal: Parameters<typeof withoutRemovedOrder>[1],
): void {
  changeOrders(client, agentId, (held) => withoutRemovedOrder(held, removal, agentId));
}

/** The orders held for `agentId`, or none before they have loaded. */
export const heldOrders = (client: QueryClient, agentId: string): readonly AgentOrder[] =>
  client.getQueryData<readonly AgentOrder[]>(agentOrdersKey(agentId)) ?? [];

/** Live `cash:updated` laid over the cash held (`layOverCash`). */
export function layCashIn(client: QueryClient, agentId: string, cash: AgentCash): void {
  client.setQueryData<AgentCash>(agentCashKey(agentId), cash);
}

const reachOf = (error: unknown): Reach => (isUnreachable(error) ? 'unreachable' : 'reached');

/**
 * The orders fetched again (a fetch already running is shared); resolves whether the server
 * answered. Failures are reported by the query itself.
 */
export const refreshOrders = (client: QueryClient, agentId: string): Promise<Reach> =>
  client
    .fetchQuery({ ...agentQueries.orders(agentId), staleTime: 0 })
    .then((): Reach => 'reached', reachOf);

/** The orders, then (when the server answered) the cash in hand, fetched again. */
export async function refreshAgentData(client: QueryClient, agentId: string): Promise<Reach> {
  const reach = await refreshOrders(client, agentId);
  if (reach === 'reached')
    await client.fetchQuery({ ...agentQueries.cash(agentId), staleTime: 0 }).catch(() => null);
  return reach;
}
