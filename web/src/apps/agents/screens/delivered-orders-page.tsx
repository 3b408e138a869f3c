import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { ListToolbar } from '../features/orders/components/list-toolbar';
import { LoadState } from '../ui/load-state';
import { OrderCard } from '../features/orders/components/order-card';
import { splitOrders } from '../order-lists';
import { loadFailedText } from '../queries';
import { useOrdersList } from '../features/orders/use-orders-list';
import { connectionAtoms } from '../../../lib/socket';
import '../ui/load-state.css';
import '../features/orders/components/order-card.css';

/** /agents/delivered: the agent's own delivered orders, most recent first. */
export function DeliveredOrdersPage({ agentId }: { agentId: string }) {
  const { orders, load, fetchedAt, refreshing, refresh } = useOrdersList(agentId);
  const connection = useAtomValue(connectionAtoms.agents);
  const { delivered } = useMemo(() => splitOrders(orders, agentId), [orders, agentId]);

  return (
    <>
      <title>{t`Delivered Orders · Kirana Delivery`}</title>
      <ListToolbar
        title={t`Delivered Orders`}
        fetchedAt={fetchedAt}
        connection={connection}
        refreshing={refreshing}
        onRefresh={refresh}
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
