import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { ListToolbar } from '../features/orders/components/list-toolbar';
import { EmptyState, LoadState } from '../ui/load-state';
import { OrderCard, OrderList } from '../features/orders/components/order-card';
import { splitOrders } from '../order-lists';
import { loadFailedText } from '../queries';
import { useOrdersList } from '../features/orders/use-orders-list';
import { connectionAtoms } from '../../../lib/socket';

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
        <EmptyState
          title={t`No deliveries yet`}
        >{t`Orders you deliver are listed here.`}</EmptyState>
      ) : (
        <OrderList>
          {delivered.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} actions={[]} pending={null} />
            </li>
          ))}
        </OrderList>
      )}
    </>
  );
}
