import { formatAmount, ORDER_CURRENCY } from '@kirana/shared';
import {
  useMutation,
  useQueryClient,
  useQueryErrorResetBoundary,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { lazy, Suspense, useCallback } from 'react';
import { Link } from 'react-router';
import { LiveStatus } from '../../../common/ui/live-status';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { Spinner } from '../../../common/ui/spinner';
import { authCheckedAtom, loginDialogAtom, userAtom } from '../session/user';
import {
  backToPayNowAtom,
  lastPaymentFailureAtom,
} from '../features/orders/checkout/online-payment';
import { OrderCard } from '../features/orders/components/order-card';
import {
  isCancelling,
  isPaying,
  useCancellingOrderId,
  usePayingOrderId,
  userOrderMutations,
} from '../features/orders/mutations';
import { userOrderQueries } from '../features/orders/queries';
import { useMyKhata } from '../features/khata/queries';
import { useClock } from '../../../lib/clock';
import { connectionAtoms } from '../../../lib/socket';
import { Button, buttonClass } from '../../../common/ui/button';
import './my-orders-page.css';

// My khata, reached from here, loads with My Orders (routes.tsx).
export { MyKhataPage } from './my-khata-page';

// Web Push's code loads after the page, with the switch: none of it is in the route's preloads.
const OrderNotificationsSwitch = lazy(async () => ({
  default: (await import('../features/order-notifications/components/order-notifications-switch'))
    .OrderNotificationsSwitch,
}));

/**
 * `/my-orders`: the shopper's orders, newest first, following each order live, and whether this
 * browser notifies them of their orders' changes.
 */
export function MyOrdersPage() {
  const user = useAtomValue(userAtom);
  const authChecked = useAtomValue(authCheckedAtom);
  const openLogin = useSetAtom(loginDialogAtom);
  const { reset } = useQueryErrorResetBoundary();
  const connection = useAtomValue(connectionAtoms.shop);

  return (
    <section className="container section orders-page" aria-labelledby="orders-heading">
      <div className="page-head">
        <h1 id="orders-heading">My Orders</h1>
        {user && <LiveStatus connection={connection} />}
      </div>
      {user && <MyKhataLink userId={user._id} />}
      {!authChecked ? (
        <Spinner label="Checking your login…" />
      ) : !user ? (
        <div className="empty-state">
          <p>Log in to see your orders.</p>
          <Button type="button" onClick={() => openLogin('login')}>
            Login
          </Button>
        </div>
      ) : (
        <>
          <div className="orders-page__notifications">
            <Suspense fallback={null}>
              <OrderNotificationsSwitch userId={user._id} />
            </Suspense>
          </div>
          <LoadBoundary
            onRetry={reset}
            errorMessage="Your orders could not be loaded."
            fallback={<Spinner label="Loading your orders…" />}
          >
            <OrdersList userId={user._id} />
          </LoadBoundary>
        </>
      )}
    </section>
  );
}

/** The way to My khata, shown once the shop is known to keep a khata for the shopper. */
function MyKhataLink({ userId }: { userId: string }) {
  const khata = useMyKhata(userId);
  if (!khata) return null;
  return (
    <p className="orders-page__khata">
      <Link to="/khata">My khata</Link>: you owe {formatAmount(khata.balance, ORDER_CURRENCY)}
    </p>
  );
}

function OrdersList({ userId }: { userId: string }) {
  const { data: orders } = useSuspenseQuery(userOrderQueries.list(userId));
  const client = useQueryClient();
  const payingId = usePayingOrderId();
  const payNow = useMutation(userOrderMutations.pay(useStore()));
  const cancellingId = useCancellingOrderId();
  const cancel = useMutation(userOrderMutations.cancel());
  const now = useClock();
  const paymentFailures = useAtomValue(lastPaymentFailureAtom);
  const [backToPayNow, setBackToPayNow] = useAtom(backToPayNowAtom);
  const broughtBack = useCallback(() => setBackToPayNow(null), [setBackToPayNow]);
  if (orders.length === 0) {
    return (
      <div className="empty-state">
        <p>You have not placed an order yet.</p>
        <Link to="/products" className={buttonClass()}>
          Start shopping
        </Link>
      </div>
    );
  }
  return (
    <ul className="orders-list" role="list">
      {orders.map((order) => (
        <li key={order._id}>
          <OrderCard
            order={order}
            now={now}
            paying={payingId === order._id}
            payDisabled={payingId !== null}
            onPayNow={(chosen) => {
              if (!isPaying(client)) payNow.mutate(chosen);
            }}
            lastPaymentFailure={paymentFailures[order._id] ?? null}
            backToPayNow={backToPayNow === order._id}
            onBackToPayNow={broughtBack}
            cancelling={cancellingId === order._id}
            onCancel={(chosen) => {
              if (!isCancelling(client)) cancel.mutate(chosen);
            }}
          />
        </li>
      ))}
    </ul>
  );
}
