import { formatAmount, ORDER_CURRENCY, orderNumber, type AgentOrder } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type ReactNode } from 'react';
import { CashConfirmDialog } from '../features/orders/components/cash-confirm-dialog';
import { ListToolbar } from '../features/orders/components/list-toolbar';
import { EmptyState, LoadState } from '../ui/load-state';
import { OrderCard, OrderList } from '../features/orders/components/order-card';
import { PinPadDialog } from '../features/orders/components/pin-pad-dialog';
import { ShiftBar } from '../features/duty/components/shift-bar';
import { asksForPin, orderActions, type OrderAction } from '../features/orders/order-actions';
import { splitOrders } from '../order-lists';
import { loadFailedText } from '../queries';
import { useLinkedOrder } from '../features/orders/use-linked-order';
import { useOrderChanges } from '../features/orders/use-order-changes';
import { useOrdersList } from '../features/orders/use-orders-list';
import { connectionAtoms } from '../../../lib/socket';
import './active-orders-page.css';

interface OrdersPageProps {
  agentId: string;
}

/** /agents: the agent's own orders still to deliver, then the open orders to accept. */
export function ActiveOrdersPage({ agentId }: OrdersPageProps) {
  const { orders, load, fetchedAt, refreshing, refresh } = useOrdersList(agentId);
  const connection = useAtomValue(connectionAtoms.agents);
  const { pending, run, deliverWithPin } = useOrderChanges(agentId);
  const { mine, open } = useMemo(() => splitOrders(orders, agentId), [orders, agentId]);
  // A tapped alert opens /agents?order=<id>: that card is brought into view and ringed.
  const linked = useLinkedOrder(load === 'ready');

  // The order whose Delivered step is asking for its PIN, and why the last one was refused.
  const [pinFor, setPinFor] = useState<{ id: string; error: string | null; tries: number } | null>(
    null,
  );
  // Delivered or locked meanwhile (live), it asks no more.
  const pinOrder =
    pinFor &&
    orders.find(
      (order) => order._id === pinFor.id && order.status === 'Picked' && !order.pinLocked,
    );

  // The order whose cash is being confirmed before it is recorded.
  const [cashFor, setCashFor] = useState<string | null>(null);
  const cashOrder = cashFor
    ? orders.find((order) => order._id === cashFor && !order.isPaid && order.assignedTo === agentId)
    : undefined;

  const onAction = (order: AgentOrder, action: OrderAction) => {
    if (action.kind === 'status' && asksForPin(order, action.to))
      setPinFor({ id: order._id, error: null, tries: 0 });
    else if (action.kind === 'collect-cash') setCashFor(order._id);
    else run(order, action);
  };
  const onPin = async (order: AgentOrder, pin: string) => {
    const outcome = await deliverWithPin(order, pin);
    // The pad may have been closed, or opened on another order, while the PIN was checked.
    setPinFor((asked) => {
      if (asked?.id !== order._id) return asked;
      return outcome.kind === 'refused'
        ? { id: order._id, error: outcome.message, tries: asked.tries + 1 }
        : null;
    });
  };
  const card = (order: AgentOrder) => (
    <li key={order._id} className={order._id === linked ? 'agent-order-linked' : undefined}>
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
      <ShiftBar agentId={agentId} />
      <ListToolbar
        title={t`Active Orders`}
        fetchedAt={fetchedAt}
        connection={connection}
        refreshing={refreshing}
        onRefresh={refresh}
      />
      {load !== 'ready' ? (
        <LoadState failed={load === 'failed'} failure={loadFailedText('active')} />
      ) : mine.length === 0 && open.length === 0 ? (
        <EmptyState
          title={t`No orders right now`}
        >{t`New orders show up here by themselves.`}</EmptyState>
      ) : (
        <>
          <OrderSection id="agent-mine" title={t`Your deliveries`}>
            {mine.map(card)}
          </OrderSection>
          <OrderSection id="agent-open" title={t`New orders`}>
            {open.map(card)}
          </OrderSection>
        </>
      )}
      {cashOrder && (
        <CashConfirmDialog
          number={orderNumber(cashOrder._id)}
          amount={formatAmount(cashOrder.amount, ORDER_CURRENCY)}
          customer={`${cashOrder.address.firstName} ${cashOrder.address.lastName}`}
          onConfirm={() => {
            setCashFor(null);
            run(cashOrder, { kind: 'collect-cash' });
          }}
          onClose={() => setCashFor(null)}
        />
      )}
      {pinOrder && (
        <PinPadDialog
          key={`${pinOrder._id}:${pinFor.tries}`}
          open
          number={orderNumber(pinOrder._id)}
          busy={pending.has(pinOrder._id)}
          error={pinFor.error}
          onSubmit={(pin) => void onPin(pinOrder, pin)}
          onClose={() => setPinFor(null)}
        />
      )}
    </>
  );
}

/** A titled list of order cards, with how many; nothing when there are none. */
function OrderSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode[];
}) {
  if (children.length === 0) return null;
  return (
    <section className="agent-section" aria-labelledby={id}>
      <h2 id={id} className="agent-section__title">
        {title} <span className="agent-section__count">{children.length}</span>
      </h2>
      <OrderList>{children}</OrderList>
    </section>
  );
}
