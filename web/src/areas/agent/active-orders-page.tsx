import type { AgentOrder } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import {
  agentOrdersAtom,
  loadFailedText,
  ordersFetchedAtAtom,
  ordersLoadAtom,
  pendingActionsAtom,
  refreshingAtom,
  refreshOrdersAtom,
  runOrderActionAtom,
} from '../../features/agent/atoms/orders';
import { ListToolbar } from '../../features/agent/components/list-toolbar';
import { LoadState } from '../../features/agent/components/load-state';
import { OrderCard } from '../../features/agent/components/order-card';
import { orderActions, type OrderAction } from '../../features/agent/order-actions';
import { splitOrders } from '../../features/agent/order-lists';
import { connectionAtoms } from '../../lib/socket';

interface OrdersPageProps {
  agentId: string;
}

/** /agents: the agent's own orders still to deliver, then the open orders to accept. */
export function ActiveOrdersPage({ agentId }: OrdersPageProps) {
  const orders = useAtomValue(agentOrdersAtom);
  const load = useAtomValue(ordersLoadAtom);
  const fetchedAt = useAtomValue(ordersFetchedAtAtom);
  const refreshing = useAtomValue(refreshingAtom);
  const connection = useAtomValue(connectionAtoms.agents);
  const pending = useAtomValue(pendingActionsAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  const run = useSetAtom(runOrderActionAtom);
  const { mine, open } = useMemo(() => splitOrders(orders, agentId), [orders, agentId]);

  const onAction = (order: AgentOrder, action: OrderAction) => void run(order, action);
  const card = (order: AgentOrder) => (
    <li key={order._id}>
      <OrderCard
        order={order}
        actions={orderActions(order, agentId)}
        pending={pending.get(order._id) ?? null}
        onAction={onAction}
      />
    </li>
  );

  return (
    <>
      <title>{t`Active Orders · Kirana Delivery`}</title>
      <ListToolbar
        title={t`Active Orders`}
        fetchedAt={fetchedAt}
        connection={connection}
        refreshing={refreshing}
        onRefresh={() => void refresh('active')}
      />
      {load !== 'ready' ? (
        <LoadState failed={load === 'failed'} failure={loadFailedText('active')} />
      ) : mine.length === 0 && open.length === 0 ? (
        <div className="agent-empty">
          <p className="agent-empty__title">{t`No orders right now`}</p>
          <p>{t`New orders show up here by themselves.`}</p>
        </div>
      ) : (
        <>
          {mine.length > 0 && (
            <section className="agent-section" aria-labelledby="agent-mine">
              <h2 id="agent-mine" className="agent-section__title">
                {t`Your deliveries`} <span className="agent-section__count">{mine.length}</span>
              </h2>
              <ul className="agent-orders">{mine.map(card)}</ul>
            </section>
          )}
          {open.length > 0 && (
            <section className="agent-section" aria-labelledby="agent-open">
              <h2 id="agent-open" className="agent-section__title">
                {t`New orders`} <span className="agent-section__count">{open.length}</span>
              </h2>
              <ul className="agent-orders">{open.map(card)}</ul>
            </section>
          )}
        </>
      )}
    </>
  );
}
