import { t } from '@lingui/core/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import {
  agentOrdersAtom,
  ordersFetchedAtAtom,
  loadFailedText,
  ordersLoadAtom,
  refreshingAtom,
  refreshOrdersAtom,
} from '../../features/agent/atoms/orders';
import { ListToolbar } from '../../features/agent/components/list-toolbar';
import { LoadState } from '../../features/agent/components/load-state';
import { OrderCard } from '../../features/agent/components/order-card';
import { splitOrders } from '../../features/agent/order-lists';
import { connectionAtoms } from '../../lib/socket';
import '../../features/agent/components/load-state.css';
import '../../features/agent/components/order-card.css';

/** /agents/delivered: the agent's own delivered orders, most recent first. */
export function DeliveredOrdersPage({ agentId }: { agentId: string }) {
  const orders = useAtomValue(agentOrdersAtom);
  const load = useAtomValue(ordersLoadAtom);
  const fetchedAt = useAtomValue(ordersFetchedAtAtom);
  const refreshing = useAtomValue(refreshingAtom);
  const connection = useAtomValue(connectionAtoms.agents);
  const refresh = useSetAtom(refreshOrdersAtom);
  const { delivered } = useMemo(() => splitOrders(orders, agentId), [orders, agentId]);

  return (
    <>
      <title>{t`Delivered Orders · Kirana Delivery`}</title>
      <ListToolbar
        title={t`Delivered Orders`}
        fetchedAt={fetchedAt}
        connection={connection}
        refreshing={refreshing}
        onRefresh={() => void refresh('delivered')}
      />
      {load !== 'ready' ? (
        <LoadState failed={load === 'failed'} failure={loadFailedText('delivered')} />
      ) : delivered.length === 0 ? (
        <div className="agent-empty">
          <p className="agent-empty__title">{t`No deliveries yet`}</p>
          <p>{t`Orders you deliver are listed here.`}</p>
        </div>
      ) : (
        <ul className="agent-orders">
          {delivered.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} actions={[]} pending={null} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
