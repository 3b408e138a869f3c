import { QueryClient } from '@tanstack/react-query';
import { api, type ApiClient } from './api-client';

/** The API client each query cache's calls go through. */
const callers = new WeakMap<QueryClient, ApiClient>();

/**
 * A cache of the server's data (TanStack Query) whose queries call the server through `through`:
 * the browser's API client, or on the server the store's own answers to a page being rendered.
 * A failed call is tried `retry` times more (none on the server, where the page cannot wait).
 * Data stays fresh until a live event or a catch-up after the stream was down says otherwise
 * (apps/storefront/live-feed.ts), so nothing is fetched twice for nothing.
 */
export function createQueryClient(through: ApiClient = api, retry = 1): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry, refetchOnWindowFocus: false } },
  });
  callers.set(client, through);
  return client;
}

/** The API client that `client`'s queries call (pass a query function's `client`). */
export const apiOf = (client: QueryClient): ApiClient => callers.get(client) ?? api;

/** The browser's one cache of the server's data. */
export const queryClient = createQueryClient();
