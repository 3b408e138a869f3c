import { orderNumber, type AgentCash, type AgentOrder, type OrderRemoval } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { atom, type Getter } from 'jotai';
import type { LiveFeed } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { heldOrders, layCashIn, layOrderIn, refreshAgentData, takeOrderOut } from './queries';
import { agentIdAtom, dutyAtom } from './session/session-state';

/** An event handler that runs only while an agent is logged in, with their id. */
function forAgent<Payload>(handle: (agentId: string, payload: Payload, get: Getter) => void) {
  return atom(null, (get, _set, payload: Payload) => {
    const agentId = get(agentIdAtom);
    if (agentId) handle(agentId, payload, get);
  });
}

/**
 * What the agents' app takes from the `/agents` stream into `client`, the logged-in screens'
 * cache (queries.ts): the open pool, the agent's own orders and their cash in hand, each laid
 * over what is held by `_id` and `updatedAt` (a late or repeated event never rolls a card back).
 * After the stream was down the orders, then the cash, are fetched again; the polling every
 * 30 seconds runs whether the stream is up or not (see `useOrdersFeed`).
 */
export function agentLiveFeed(client: QueryClient): LiveFeed<'agents'> {
  const isMine = (agentId: string, orderId: string) =>
    heldOrders(client, agentId).some((held) => held._id === orderId && held.assignedTo === agentId);
  return {
    events: {
      'order:created': forAgent((agentId, order: AgentOrder) => layOrderIn(client, agentId, order)),
      // When one of this agent's deliveries is back in the pool, the shop took it back.
      'order:updated': forAgent((agentId, order: AgentOrder) => {
        const wasMine = isMine(agentId, order._id);
        layOrderIn(client, agentId, order);
        if (wasMine && order.assignedTo === null && !isMine(agentId, order._id))
          toast.warning(t`The shop took order #${orderNumber(order._id)} back: do not deliver it`);
      }),
      // The shop handed this order to the agent.
      'order:assigned': forAgent((agentId, order: AgentOrder) => {
        layOrderIn(client, agentId, order);
        toast.success(t`The shop gave you order #${orderNumber(order._id)}`);
      }),
      // Taken by another agent, or cancelled: the agent is told when it was theirs to deliver.
      'order:removed': forAgent((agentId, removal: OrderRemoval) => {
        const cancelledMine = removal.reason === 'cancelled' && isMine(agentId, removal._id);
        takeOrderOut(client, agentId, removal);
        if (cancelledMine)
          toast.error(t`Order #${orderNumber(removal._id)} was cancelled: do not deliver it`);
      }),
      // An open order nobody has taken for a while, offered again: while the agent is on duty,
      // announced with a buzz on phones that can.
      'order:unaccepted': forAgent((agentId, order: AgentOrder, get) => {
        layOrderIn(client, agentId, order);
        // Off duty: the order shows, but nothing calls for the agent's attention.
        if (get(dutyAtom) === false) return;
        toast.warning(t`Order #${orderNumber(order._id)} is still waiting for an agent`);
        navigator.vibrate?.(200);
      }),
      'cash:updated': forAgent((agentId, cash: AgentCash) => layCashIn(client, agentId, cash)),
    },
    refetch: atom(null, (get) => {
      const agentId = get(agentIdAtom);
      if (agentId) void refreshAgentData(client, agentId);
    }),
    poll: null,
  };
}
