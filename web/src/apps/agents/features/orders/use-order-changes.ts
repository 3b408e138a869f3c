import type { AgentOrder } from '@kirana/shared';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  agentOrderMutations,
  isChanging,
  runningChanges,
  type OrderChange,
  type PinOutcome,
} from './mutations';
import type { OrderAction } from './order-actions';

export interface OrderChanges {
  /** The orders whose change is running, by id, with what it is: their button stays disabled. */
  pending: ReadonlyMap<string, OrderAction['kind']>;
  /** Runs `action` on `order` once: a second tap while a change of it runs does nothing. */
  run: (order: AgentOrder, action: OrderAction) => void;
  /** Marks `order` Delivered with the customer's `pin` (see `agentOrderMutations.deliverWithPin`). */
  deliverWithPin: (order: AgentOrder, pin: string) => Promise<PinOutcome>;
}

/** Agent `agentId`'s actions on their orders, and which are running (see order-changes.ts). */
export function useOrderChanges(agentId: string): OrderChanges {
  const client = useQueryClient();
  const step = useMutation(agentOrderMutations.step(agentId));
  const collect = useMutation(agentOrderMutations.collectOnline(agentId));
  const pinned = useMutation(agentOrderMutations.deliverWithPin(agentId));
  const running = useMutationState({
    filters: runningChanges(agentId),
    select: (mutation) => mutation.state.variables as OrderChange,
  });
  const pending = useMemo(
    () => new Map(running.map(({ order, action }) => [order._id, action.kind])),
    [running],
  );

  const run = (order: AgentOrder, action: OrderAction) => {
    if (isChanging(client, agentId, order._id)) return;
    if (action.kind === 'collect-online') collect.mutate({ order, action });
    else step.mutate({ order, action });
  };
  const deliverWithPin = async (order: AgentOrder, pin: string): Promise<PinOutcome> => {
    if (isChanging(client, agentId, order._id)) return { kind: 'done' };
    const action = { kind: 'status', to: 'Delivered' } as const;
    return pinned.mutateAsync({ order, action, pin }).catch((): PinOutcome => ({ kind: 'done' }));
  };
  return { pending, run, deliverWithPin };
}
