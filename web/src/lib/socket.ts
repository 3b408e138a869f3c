import {
  AGENT_POLL_MS,
  NAMESPACES,
  SOCKET_PATH,
  type AgentEvents,
  type Area,
  type ClientToServerEvents,
  type SellerEvents,
  type ShopEvents,
} from '@kirana/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { atom, useStore, type createStore, type PrimitiveAtom } from 'jotai';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { startRefreshLoop, type Reach } from './refresh-loop';
import { serverOrigin } from './server-origin';

/*
 * The live stream (docs/live-updates.md#in-the-web-app): one Socket.IO namespace per area, whose
 * events go to plain handlers `(queryClient, payload) => void` that write them into the query
 * cache, and the polling that keeps the screens fresh without it. Each app says what its events
 * feed, and what it polls, in one place:
 *   storefront  apps/storefront/live-feed.ts
 *   seller      apps/seller/live-feed.ts
 *   agents      apps/agents/live-feed.ts
 */

/** How often a feed polls (docs/live-updates.md#when-the-socket-is-down): the agents' 30 s. */
export const POLL_MS = AGENT_POLL_MS;

/**
 * How long after the server ended the socket the feed asks again. Most often this very browser
 * logged out, and its screens close the feed meanwhile instead of meeting a 401.
 */
export const REJOIN_AFTER_SERVER_DISCONNECT_MS = 1_000;

interface AreaEvents {
  shop: ShopEvents;
  seller: SellerEvents;
  agents: AgentEvents;
}

export type AreaSocket<A extends Area> = Socket<AreaEvents[A], ClientToServerEvents>;

/**
 * Where an area's socket stands: 'off' while no screen listens, 'connecting' until it first
 * connects, 'live', and 'reconnecting' whenever it is down (the screens then poll).
 */
export type Connection = 'off' | 'connecting' | 'live' | 'reconnecting';

export const connectionAtoms: { readonly [A in Area]: PrimitiveAtom<Connection> } = {
  shop: atom<Connection>('off'),
  seller: atom<Connection>('off'),
  agents: atom<Connection>('off'),
};

/** What an event (or a refresh) does to the cache of the server's data: a plain function. */
export type LiveHandler<Payload extends unknown[] = []> = (
  client: QueryClient,
  ...payload: Payload
) => void;

type EventHandlers<Events> = {
  [E in keyof Events]?: Events[E] extends (...args: infer Payload) => void
    ? LiveHandler<Payload>
    : never;
};

/** What an area's screens do with its stream. */
export interface LiveFeed<A extends Area> {
  /** The handler each event's payload is given to; they merge by `_id` and `updatedAt`. */
  events: EventHandlers<AreaEvents[A]>;
  /**
   * Fetches again what the events may have missed: run whenever the socket connects (the
   * first time too: something may have changed between the screens' load and the connect).
   */
  refetch: LiveHandler;
  /**
   * What keeps the screens fresh without the socket: left out, `refetch` every 30 s while the
   * socket is down; null, nothing (the socket is still tried again every 30 s).
   */
  poll?: Poll | null;
}

/** A feed's polling, run every 30 s (POLL_MS). */
export interface Poll {
  /** What is fetched; answering 'unreachable' brings the next run sooner, with backoff. */
  run: LiveHandler | ((client: QueryClient) => Promise<Reach>);
  /**
   * From the start and whether the socket is up or not, where a socket may die unnoticed (a
   * phone's): otherwise only while it is down, its first run 30 s after the feed opens.
   */
  always?: boolean;
  /** No runs while the page is hidden, one at once when it shows again: a phone in a pocket. */
  pauseWhileHidden?: boolean;
}

type Store = ReturnType<typeof createStore>;

/**
 * Opens `area`'s socket and feeds its events into `client` until the returned function closes it;
 * `store` holds where the socket stands (`connectionAtoms`).
 * `feed.refetch` runs on every connect, `feed.poll` every 30 s while the socket is down (from
 * the start, too, until it first connects: the screens must not wait for the socket), or all the
 * time where it says `always`; each run also tries a socket that gave up again. After
 * the server has disconnected the socket (a logout, a removed agent, an expired session) or
 * refused it, socket.io-client does not try again by itself: a second later the feed refetches
 * over HTTP (which shows the login when the session has gone) and connects again, or at the
 * next poll.
 */
export function openLiveFeed<A extends Area>(
  store: Store,
  client: QueryClient,
  area: A,
  feed: LiveFeed<A>,
): () => void {
  const state = connectionAtoms[area];
  const poll = feed.poll === undefined ? { run: feed.refetch } : feed.poll;
  let socket: AreaSocket<A> | undefined;
  let closed = false;
  /**
   * Whether events may have gone unseen: before the first connect (the screens' first load may
   * be older than the socket's rooms), and from a drop or a failed attempt until the next.
   */
  let missedEvents = true;
  let rejoinTimer: ReturnType<typeof setTimeout> | undefined;

  const tick = (): unknown => {
    const ran: unknown = poll?.run(client);
    if (socket && !socket.active) socket.connect();
    return ran;
  };
  const startPolling = () =>
    startRefreshLoop(tick, {
      everyMs: POLL_MS,
      firstRun: poll?.always ? 'now' : 'later',
      pauseWhileHidden: poll?.pauseWhileHidden ?? false,
    });
  /** Stops the polling while the socket is down; undefined while it is up. */
  let stopPolling: (() => void) | undefined;
  const goneDown = () => {
    missedEvents = true;
    store.set(state, 'reconnecting');
    stopPolling ??= startPolling();
  };

  store.set(state, 'connecting');
  stopPolling = startPolling();
  // Loaded apart from the screens, so that a first visit does not wait for it.
  import('socket.io-client').then(
    ({ io }) => {
      if (closed) return;
      // A connection of its own, so that its handshake carries the session cookies of now.
      const opened: AreaSocket<A> = io(serverOrigin + NAMESPACES[area], {
        path: SOCKET_PATH,
        withCredentials: true,
        forceNew: true,
      });
      socket = opened;
      opened.on('connect', () => {
        if (!poll?.always) {
          stopPolling?.();
          stopPolling = undefined;
        }
        store.set(state, 'live');
        if (missedEvents) feed.refetch(client);
        missedEvents = false;
      });
      opened.on('connect_error', goneDown);
      opened.on('disconnect', (reason) => {
        goneDown();
        if (reason !== 'io server disconnect') return;
        rejoinTimer = setTimeout(() => {
          feed.refetch(client);
          opened.connect();
        }, REJOIN_AFTER_SERVER_DISCONNECT_MS);
      });
      // TypeScript cannot pair each event name with its handler through the loop.
      const listen = opened as unknown as {
        on(event: string, listener: (...payload: unknown[]) => void): void;
      };
      const handlers = Object.entries(feed.events) as [string, LiveHandler<unknown[]>][];
      for (const [event, handle] of handlers) {
        listen.on(event, (...payload) => handle(client, ...payload));
      }
    },
    (error: unknown) => {
      console.warn('Live updates are off; the screens keep polling', error);
    },
  );

  return () => {
    closed = true;
    stopPolling?.();
    clearTimeout(rejoinTimer);
    socket?.off();
    socket?.disconnect();
    store.set(state, 'off');
  };
}

interface LiveUpdatesOptions {
  /** False keeps the socket closed. */
  enabled?: boolean;
  /**
   * Who the socket speaks for: a change opens it again, since the server reads the session
   * cookie only when a socket connects.
   */
  session?: string | null;
}

/**
 * Feeds `area`'s live events into the component's query cache while it is mounted and `enabled`
 * (see `openLiveFeed`). `feed` must be stable: a module constant, or memoized.
 */
export function useLiveUpdates<A extends Area>(
  area: A,
  feed: LiveFeed<A>,
  { enabled = true, session = null }: LiveUpdatesOptions = {},
): void {
  const store = useStore();
  const client = useQueryClient();
  useEffect(
    () => (enabled ? openLiveFeed(store, client, area, feed) : undefined),
    [store, client, area, feed, enabled, session],
  );
}
