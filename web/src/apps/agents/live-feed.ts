import { orderNumber, type AgentCash, type AgentOrder, type OrderRemoval } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { useStore } from 'jotai';
import type { Reach } from '../../lib/refresh-loop';
import type { LiveFeed, LiveHandler } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { heldOrders, layCashIn, layOrderIn, refreshAgentData, takeOrderOut } from './queries';
import { agentIdAtom, dutyAtom } from './session/session-state';

type Store = ReturnType<typeof useStore>;

/** A live event of agent `agentId`'s, handled in `client`, their screens' cache. */
type AgentHandler<Payload> = (client: QueryClient, agentId: string, payload: Payload) => void;

const isMine = (client: QueryClient, agentId: string, orderId: string) =>
  heldOrders(client, agentId).some((held) => held._id === orderId && held.assignedTo === agentId);

/**
 * What the agents' app takes from the `/agents` stream into the logged-in screens' cache
 * (queries.ts), while `store` says an agent is logged in: the open pool, the agent's own orders
 * and their cash in hand, each laid
 * over what is held by `_id` and `updatedAt` (a late or repeated event never rolls a card back).
 * After the stream was down the orders, then the cash, are fetched again, and every 30 seconds
 * whether the stream is up or not.
 */
export function agentLiveFeed(store: Store): LiveFeed<'agents'> {
  /** `handle`, run only while an agent is logged in, with their id. */
  const forAgent =
    <Payload>(handle: AgentHandler<Payload>): LiveHandler<[Payload]> =>
    (client, payload) => {
      const agentId = store.get(agentIdAtom);
      if (agentId) handle(client, agentId, payload);
    };
  const refetch = async (client: QueryClient): Promise<Reach> => {
    const agentId = store.get(agentIdAtom);
    return agentId ? refreshAgentData(client, agentId) : 'reached';
  };
  return {
    events: {
      'order:created': forAgent((client, agentId, order: AgentOrder) =>
        layOrderIn(client, agentId, order),
      ),
      // When one of this agent's deliveries is back in the pool, the shop took it back.
      'order:updated': forAgent((client, agentId, order: AgentOrder) => {
        const wasMine = isMine(client, agentId, order._id);
        layOrderIn(client, agentId, order);
        if (wasMine && order.assignedTo === null && !isMine(client, agentId, order._id))
          toast.warning(t`The shop took order #${orderNumber(order._id)} back: do not deliver it`);
      }),
      // The shop handed this order to the agent.
      'order:assigned': forAgent((client, agentId, order: AgentOrder) => {
        layOrderIn(client, agentId, order);
        toast.success(t`The shop gave you order #${orderNumber(order._id)}`);
      }),
      // Taken by another agent, or cancelled: the agent is told when it was theirs to deliver.
      'order:removed': forAgent((client, agentId, removal: OrderRemoval) => {
        const cancelledMine =
          removal.reason === 'cancelled' && isMine(client, agentId, removal._id);
        takeOrderOut(client, agentId, removal);
        if (cancelledMine)
          toast.error(t`Order #${orderNumber(removal._id)} was cancelled: do not deliver it`);
      }),
      // An open order nobody has taken for a while, offered again: while the agent is on duty,
      // announced with a buzz on phones that can.
      'order:unaccepted': forAgent((client, agentId, order: AgentOrder) => {
        layOrderIn(client, agentId, order);
        // Off duty: the order shows, but nothing calls for the agent's attention.
        if (store.get(dutyAtom) === false) return;
        toast.warning(t`Order #${orderNumber(order._id)} is still waiting for an agent`);
        navigator.vibrate?.(200);
      }),
      'cash:updated': forAgent((client, agentId, cash: AgentCash) =>
        layCashIn(client, agentId, cash),
      ),
    },
    refetch: (client) => void refetch(client),
    // Every 30 seconds whether the stream is up or not: a phone's socket may die unnoticed
    // (docs/live-updates.md#when-the-socket-is-down). Backs off while the server is out of
    // reach; nothing asked while the phone's screen is off.
    poll: { run: refetch, always: true, pauseWhileHidden: true },
  };
}
