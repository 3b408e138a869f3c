import type { LiveFeed } from '../../../lib/socket';
import { atom } from 'jotai';
import { receiveCashAtom, refreshCashAtom } from './cash';
import {
  receiveAssignedOrderAtom,
  receiveOrderAtom,
  receiveUpdatedOrderAtom,
  receiveUnacceptedOrderAtom,
  refreshOrdersAtom,
  removeOrderAtom,
} from './orders';

/** After the stream was down: the orders, and then the cash in hand, fetched again. */
const refetchAllAtom = atom(null, async (_get, set) => {
  await set(refreshOrdersAtom);
  await set(refreshCashAtom);
});

/**
 * What the agents' app takes from the `/agents` stream: the open pool, the agent's own orders and
 * their cash in hand. It polls every 30 seconds whether the stream is up or not (see `useOrdersFeed`).
 */
export const agentLiveFeed: LiveFeed<'agents'> = {
  events: {
    'order:created': receiveOrderAtom,
    'order:updated': receiveUpdatedOrderAtom,
    'order:assigned': receiveAssignedOrderAtom,
    'order:removed': removeOrderAtom,
    'order:unaccepted': receiveUnacceptedOrderAtom,
    'cash:updated': receiveCashAtom,
  },
  refetch: refetchAllAtom,
  poll: null,
};
