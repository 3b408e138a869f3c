import type { LiveFeed } from '../../../lib/socket';
import {
  receiveAssignedOrderAtom,
  receiveOrderAtom,
  receiveUnacceptedOrderAtom,
  refreshOrdersAtom,
  removeOrderAtom,
} from './orders';

/**
 * What the agents' app takes from the `/agents` stream: the open pool and the agent's own
 * orders. It polls every 30 seconds whether the stream is up or not (see `useOrdersFeed`).
 */
export const agentLiveFeed: LiveFeed<'agents'> = {
  events: {
    'order:created': receiveOrderAtom,
    'order:updated': receiveOrderAtom,
    'order:assigned': receiveAssignedOrderAtom,
    'order:removed': removeOrderAtom,
    'order:unaccepted': receiveUnacceptedOrderAtom,
  },
  refetch: refreshOrdersAtom,
  poll: null,
};
