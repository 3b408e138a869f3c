/*
 * Sending the sales made offline (docs/counter.md#the-till-without-a-connection) as a pure
 * reducer over what happens: the queue read at start, a sale kept, a send started and its
 * answer (recorded, refused, or lost with the connection), the connection lost and back, the
 * seller's word on a refused sale. The queue is sent oldest first, one sale at a time, each
 * always under its own key, so that a sale sent twice (its answer lost, a reload mid-send) is
 * recorded once. What to send next is data in the state, which useOfflineSync runs.
 */
import type { FlaggedProduct } from '@kirana/shared';
import type { Refusal } from './waiting-sales';

/** A sale waiting to be sent: its key, and why the server refused it (null: not refused). */
export interface SyncSale {
  key: string;
  refused: Refusal | null;
}

/** What the sync says once, as a transition makes it (the hook tells the seller). */
export type SyncNotice =
  /** The server recorded the sale of `key`; `flagged`: what it sold past the count. */
  | { kind: 'recorded'; key: string; flagged: readonly FlaggedProduct[] }
  /** The server refused the sale of `key`: it waits with the reason, for the seller. */
  | { kind: 'refused'; key: string; refusal: Refusal }
  /** The server asked for a login (401): nothing is sent until the seller logs in again. */
  | { kind: 'signed out' };

export interface SyncState {
  /** Whether the server can be reached, as last found. */
  online: boolean;
  /** The sales waiting, oldest first, the refused ones marked. */
  waiting: readonly SyncSale[];
  /** The key of the sale being sent, or null. */
  sending: string | null;
  /** The server asked for a login: the queue waits until this tab starts again, logged in. */
  signedOut: boolean;
  /** The key of the sale to send now (the hook sends it), or null. */
  sendNext: string | null;
  /** What this transition says, or null. */
  notice: SyncNotice | null;
}

export type SyncEvent =
  /** The sales waiting as read from the counter's database (at start, or again). */
  | { type: 'loaded'; sales: readonly SyncSale[] }
  /**
   * The sales waiting as read again after another tab kept, sent or refused one: the database
   * says all, a sale another tab recorded or dropped goes.
   */
  | { type: 'read again'; sales: readonly SyncSale[] }
  /** A sale made offline, kept last in the queue. */
  | { type: 'kept'; key: string }
  /** The hook began sending the sale of `key`. */
  | { type: 'send started'; key: string }
  /** The server recorded it (now, or before: its key answers the first). */
  | { type: 'answered'; key: string; flagged: readonly FlaggedProduct[] }
  /**
   * No answer came (the server cannot be reached), or one that passes (busy, overloaded, the
   * key's first try still being done): the sale may be recorded; its key tells. `signedOut`: the
   * server asked for a login, and the queue stops.
   */
  | { type: 'lost'; key: string; signedOut?: boolean }
  /** The server refused it, for a reason other than stock or a khata's limit. */
  | { type: 'refused'; key: string; refusal: Refusal }
  | { type: 'connection lost' }
  | { type: 'connection back' }
  /** The seller sends a refused sale again, its cause mended. */
  | { type: 'send again'; key: string }
  /** The seller's word to drop a refused sale. */
  | { type: 'dropped'; key: string };

/** The sync at start: nothing known to wait yet, online until found otherwise. */
export const startingSync = (online = true): SyncState => ({
  online,
  waiting: [],
  sending: null,
  signedOut: false,
  sendNext: null,
  notice: null,
});

/** What the sync becomes on `event`: the last transition's notice is said already, so it goes. */
export const syncReducer = (state: SyncState, event: SyncEvent): SyncState =>
  planned(step(state.notice ? { ...state, notice: null } : state, event));

/** The sales still to send: waiting and not refused. */
export const toSend = (state: SyncState): SyncSale[] =>
  state.waiting.filter((sale) => sale.refused === null);

const without = (waiting: readonly SyncSale[], key: string) =>
  waiting.filter((sale) => sale.key !== key);

const marked = (waiting: readonly SyncSale[], key: string, refused: Refusal | null) =>
  waiting.map((sale) => (sale.key === key ? { ...sale, refused } : sale));

/** The sending of `key` is over (its answer came, or none will). */
const sent = (state: SyncState, key: string): SyncState =>
  state.sending === key ? { ...state, sending: null } : state;

function step(state: SyncState, event: SyncEvent): SyncState {
  switch (event.type) {
    case 'loaded': {
      // The database is the truth; a sale kept here since it was read waits after those read.
      const read = new Set(event.sales.map((sale) => sale.key));
      const keptSince = state.waiting.filter((sale) => !read.has(sale.key));
      return { ...state, waiting: [...event.sales, ...keptSince] };
    }
    case 'read again':
      return { ...state, waiting: event.sales };
    case 'kept':
      if (state.waiting.some((sale) => sale.key === event.key)) return state;
      return { ...state, waiting: [...state.waiting, { key: event.key, refused: null }] };
    case 'send started':
      return { ...state, sending: event.key };
    // An answer, either way, says the server is reached.
    case 'answered':
      return {
        ...sent(state, event.key),
        online: true,
        waiting: without(state.waiting, event.key),
        notice: { kind: 'recorded', key: event.key, flagged: event.flagged },
      };
    case 'lost':
      // Kept as it is, its key with it: sent again once the connection is back, or once the
      // seller has logged in again (said once).
      if (event.signedOut)
        return {
          ...sent(state, event.key),
          signedOut: true,
          notice: state.signedOut ? null : { kind: 'signed out' },
        };
      return { ...sent(state, event.key), online: false };
    case 'refused':
      return {
        ...sent(state, event.key),
        online: true,
        waiting: marked(state.waiting, event.key, event.refusal),
        notice: { kind: 'refused', key: event.key, refusal: event.refusal },
      };
    case 'connection lost':
      return { ...state, online: false };
    case 'connection back':
      return { ...state, online: true };
    case 'send again':
      return { ...state, waiting: marked(state.waiting, event.key, null) };
    case 'dropped':
      // Only a refused sale is dropped: one still to send is never lost on a stray word.
      if (!state.waiting.some((sale) => sale.key === event.key && sale.refused !== null))
        return state;
      return { ...state, waiting: without(state.waiting, event.key) };
  }
}

/**
 * What to send now: while online, logged in and nothing is being sent, the oldest sale not
 * refused (the queue goes on past a refused one).
 */
function planned(state: SyncState): SyncState {
  const free = state.online && !state.signedOut && state.sending === null;
  const sendNext = free ? (toSend(state)[0]?.key ?? null) : null;
  return sendNext === state.sendNext ? state : { ...state, sendNext };
}
