import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { SELLER_MESSAGES, orderNumber, type SellerOrder } from '@kirana/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { LiveStatus } from '../../../common/ui/live-status';
import { Spinner } from '../../../common/ui/spinner';
import { acknowledgeShownOrdersAtom } from '../features/orders/atoms/orders';
import { CancelOrderDialog } from '../features/orders/components/cancel-order-dialog';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { OrderCard } from '../features/orders/components/order-card';
import { ordersOf } from '../features/orders/order-list';
import { sellerOrderMutations } from '../features/orders/mutations';
import { sellerOrderQueries } from '../features/orders/queries';
import { teamQueries } from '../features/team/queries';
import { askForBrowserAlerts, browserAlerts } from '../features/orders/unaccepted-alert';
import { desktop } from '../../../lib/desktop-bridge';
import { toast } from '../../../lib/toast';
import { connectionAtoms } from '../../../lib/socket';
import { LoadProblem } from '../ui/load-problem';
import { Button } from '../../../common/ui/button';
import { Empty, Note, SellerPage } from '../ui/seller-page';
import './orders-page.css';

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is on screen (not a hidden tab or a minimised window). */
function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeToVisibility, () => document.visibilityState === 'visible');
}

/**
 * /seller/orders: every order, newest first, kept live by the seller layout's order feed. An
 * open order can be assigned to an agent, one an agent holds taken back to the open pool, and
 * one not yet delivered cancelled with a reason, each after confirming.
 */
export function OrdersPage() {
  // Loaded and kept live by the seller layout's order feed; 'failed' only until it first loads.
  const list = useInfiniteQuery(sellerOrderQueries.orders());
  const orders = useMemo(() => ordersOf(list.data), [list.data]);
  const state = list.data ? 'ready' : list.isError ? 'failed' : 'loading';
  const acknowledge = useSetAtom(acknowledgeShownOrdersAtom);
  const printSlip = useMutation(sellerOrderMutations.printPackingSlip());
  const takeBack = useMutation(sellerOrderMutations.takeBack());
  const cancelOrder = useMutation(sellerOrderMutations.cancel());
  const assign = useMutation(sellerOrderMutations.assign());
  const unlockPin = useMutation(sellerOrderMutations.unlockPin());
  // The team, to assign open orders to; kept current by live `agents:updated`.
  const agents = useQuery(teamQueries.agents()).data ?? [];
  const connection = useAtomValue(connectionAtoms.seller);
  const visible = usePageVisible();
  // In a browser, the counter's alerts (an order no agent takes) need the seller's leave once.
  const [alerts, setAlerts] = useState(browserAlerts);

  // The order asked about stays shown while the dialog closes.
  const [target, setTarget] = useState<SellerOrder | null>(null);
  const [confirming, setConfirming] = useState(false);

  function confirmTakeBack() {
    if (!target) return;
    takeBack.mutate(target._id, { onSettled: () => setConfirming(false) });
  }

  const [cancelTarget, setCancelTarget] = useState<SellerOrder | null>(null);
  const [askingCancel, setAskingCancel] = useState(false);

  function confirmCancel(reason: string) {
    if (!cancelTarget) return;
    cancelOrder.mutate(
      { orderId: cancelTarget._id, reason },
      { onSuccess: () => setAskingCancel(false) },
    );
  }

  // Orders on screen while the seller can see it are no longer news to the desktop app.
  useEffect(() => {
    if (visible) acknowledge(orders);
  }, [orders, visible, acknowledge]);

  return (
    <SellerPage
      title="Orders"
      head={
        <>
          {state === 'ready' && <Note>Newest first</Note>}
          <LiveStatus connection={connection} />
          {alerts === 'ask' && (
            <Button
              type="button"
              look="seller"
              variant="secondary"
              size="small"
              onClick={() =>
                void askForBrowserAlerts().then((now) => {
                  setAlerts(now);
                  if (now === null) toast.success('Browser alerts are on');
                  else if (now === 'ask') toast.warning('Browser alerts were not turned on');
                })
              }
            >
              Turn on browser alerts
            </Button>
          )}
          {alerts === 'blocked' && (
            <Note status>
              This browser blocks alerts from the shop: allow notifications in its settings for this
              site, then reload.
            </Note>
          )}
        </>
      }
    >
      {state === 'failed' ? (
        <LoadProblem
          message={SELLER_MESSAGES.loadOrdersFailed}
          onRetry={() => void list.refetch()}
        />
      ) : state !== 'ready' ? (
        <Spinner label="Loading the orders…" />
      ) : orders.length === 0 ? (
        <Empty>No orders yet. New orders show up here by themselves.</Empty>
      ) : (
        <>
          <ol className="seller-orders" aria-label="Orders, newest first">
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard
                  order={order}
                  onPrintSlip={desktop ? (chosen) => printSlip.mutate(chosen) : undefined}
                  onTakeBack={(chosen) => {
                    setTarget(chosen);
                    setConfirming(true);
                  }}
                  onCancel={(chosen) => {
                    setCancelTarget(chosen);
                    setAskingCancel(true);
                  }}
                  agents={agents}
                  onAssign={(chosen, agentId) => assign.mutate({ orderId: chosen._id, agentId })}
                  onUnlockPin={(chosen) => unlockPin.mutate(chosen._id)}
                />
              </li>
            ))}
          </ol>
          {list.hasNextPage && (
            <div className="seller-orders__more">
              <Button
                type="button"
                look="seller"
                variant="secondary"
                onClick={() => void list.fetchNextPage({ cancelRefetch: false })}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Take order back"
        confirmLabel="Take back"
        busy={takeBack.isPending}
        busyLabel="Taking back…"
        onConfirm={confirmTakeBack}
        onCancel={() => setConfirming(false)}
      >
        <p>{SELLER_MESSAGES.confirmTakeBack}</p>
        {target?.assignedTo && (
          <p className="seller-muted">
            Order #{orderNumber(target._id)} leaves {target.assignedTo.name}&rsquo;s deliveries and
            goes back to the open pool, for any agent to accept from the start.
          </p>
        )}
      </ConfirmDialog>
      <CancelOrderDialog
        // A new dialog per order: no reason typed for one order is left for the next.
        key={cancelTarget?._id}
        open={askingCancel}
        order={cancelTarget}
        busy={cancelOrder.isPending}
        onConfirm={confirmCancel}
        onDismiss={() => setAskingCancel(false)}
      />
    </SellerPage>
  );
}
