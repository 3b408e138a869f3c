import {
  NAMESPACES,
  SOCKET_PATH,
  type AgentEvents,
  type Area,
  type ClientToServerEvents,
  type SellerEvents,
  type ShopEvents,
} from '@kirana/shared';
import { atom, useStore, type createStore, type PrimitiveAtom, type WritableAtom } from 'jotai';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { serverOrigin } from './server-origin';

/*
 * The live stream (docs/live-updates.md#in-the-web-app): one Socket.IO namespace per area, whose
 * events are written through jotai atoms (into the query cache, mostly), with polling as the
 * fallback while the socket is down. Each app says what its events feed in one place:
 *   storefront  apps/storefront/live-feed.ts
 *   seller      apps/seller/live-feed.ts
 *   agents      apps/agents/live-feed.ts
 */

/** The fallback while the socket is down (docs/live-updates.md#when-the-socket-is-down). */
export const POLL_WHILE_DOWN_MS = 30_000;

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

/** An atom written to act on something: an event's payload, or nothing. */
type Action<Args extends unknown[]> = WritableAtom<unknown, Args, unknown>;

type EventActions<Events> = {
  [E in keyof Events]?: Events[E] extends (...args: infer Payload) => void
    ? Action<Payload>
    : never;
};

/** What an area's screens do with its stream. */
export interface LiveFeed<A extends Area> {
  /** The atom each event's payload is written to; they merge by `_id` and `updatedAt`. */
  events: EventActions<AreaEvents[A]>;
  /**
   * Fetches again what the events may have missed: written whenever the socket connects (the
   * first time too: something may have changed between the screens' load and the connect).
   */
  refetch: Action<[]>;
  /**
   * Written every 30 s while the socket is down: `refetch` when left out, null where the area
   * keeps polling regardless of the socket.
   */
  poll?: Action<[]> | null;
}

type Store = ReturnType<typeof createStore>;

/**
 * Opens `area`'s socket and feeds its events into `store` until the returned function closes it.
 * `feed.refetch` runs on every connect, `feed.poll` every 30 s while the socket is down (from
 * the start, too, until it first connects: the screens must not wait for the socket). After
 * the server has disconnected the socket (a logout, a removed agent, an expired session) or
 * refused it, socket.io-client does not try again by itself: a second later the feed refetches
 * over HTTP (which shows the login when the session has gone) and connects again, or at the
 * next poll.
 */
export function openLiveFeed<A extends Area>(store: Store, area: A, feed: LiveFeed<A>): () => void {
  const state = connectionAtoms[area];
  const poll = feed.poll === undefined ? feed.refetch : feed.poll;
  let socket: AreaSocket<A> | undefined;
  let closed = false;
  /**
   * Whether events may have gone unseen: before the first connect (the screens' first load may
   * be older than the socket's rooms), and from a drop or a failed attempt until the next.
   */
  let missedEvents = true;
  let downTimer: ReturnType<typeof setInterval> | undefined;
  let rejoinTimer: ReturnType<typeof setTimeout> | undefined;

  const whileDown = () => {
    if (poll) store.set(poll);
    if (socket && !socket.active) socket.connect();
  };
  const goneDown = () => {
    missedEvents = true;
    store.set(state, 'reconnecting');
    downTimer ??= setInterval(whileDown, POLL_WHILE_DOWN_MS);
  };

  store.set(state, 'connecting');
  downTimer = setInterval(whileDown, POLL_WHILE_DOWN_MS);
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
        clearInterval(downTimer);
        downTimer = undefined;
        store.set(state, 'live');
        if (missedEvents) store.set(feed.refetch);
        missedEvents = false;
      });
      opened.on('connect_error', goneDown);
      opened.on('disconnect', (reason) => {
        goneDown();
        if (reason !== 'io server disconnect') return;
        rejoinTimer = setTimeout(() => {
          store.set(feed.refetch);
          opened.connect();
        }, REJOIN_AFTER_SERVER_DISCONNECT_MS);
      });
      // TypeScript cannot pair each event name with its atom through the loop.
      const listen = opened as unknown as {
        on(event: string, listener: (...payload: unknown[]) => void): void;
      };
      for (const [event, action] of Object.entries(feed.events) as [string, Action<unknown[]>][]) {
        listen.on(event, (...payload) => store.set(action, ...payload));
      }
    },
    (error: unknown) => {
      console.warn('Live updates are off; the screens keep polling', error);
    },
  );

  return () => {
    closed = true;
    clearInterval(downTimer);
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
 * Feeds `area`'s live events into the app's atoms while the calling component is mounted and
 * `enabled` (see `openLiveFeed`). `feed` must be stable: a module constant, or memoized (the
 * agents' is made for their screens' cache).
 */
export function useLiveUpdates<A extends Area>(
  area: A,
  feed: LiveFeed<A>,
  { enabled = true, session = null }: LiveUpdatesOptions = {},
): void {
  const store = useStore();
  useEffect(
    () => (enabled ? openLiveFeed(store, area, feed) : undefined),
    [store, area, feed, enabled, session],
  );
}
