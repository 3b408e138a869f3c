import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryErrorResetBoundary,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type { ServiceableAnswer } from '@kirana/shared';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '../../../common/ui/icons';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { Spinner } from '../../../common/ui/spinner';
import { chosenAddressIdAtom } from '../session/addresses';
import { addressQueries, chosenAddress } from '../session/address-queries';
import { AddressPicker } from '../features/addresses/components/address-picker';
import { authCheckedAtom, loginDialogAtom, userAtom } from '../session/user';
import { cartItemsAtom } from '../session/cart';
import { useCart } from '../features/cart/use-cart';
import {
  cartLines,
  linesItemCount,
  linesTotals,
  noteLooseAtom,
  type CartLine,
} from '../session/cart-lines';
import { CartLineItem } from '../features/cart/components/cart-line-item';
import { CartTotalsList } from '../features/cart/components/cart-totals';
import type { PaymentMethod } from '../features/orders/checkout/place-order';
import { userOrderMutations } from '../features/orders/mutations';
import { PaymentMethods } from '../features/orders/components/payment-methods';
import { creditLeft, useMyKhata } from '../features/khata/queries';
import { productQueries } from '../../../common/catalogue/queries';
import { checkoutNotices, mostPerLineNotices } from '../features/shop-terms/checkout-notices';
import { deliveryChargeOf } from '../features/shop-terms/delivery-charge';
import { shopQueries } from '../../../common/shop-settings/queries';
import { useKnownShop } from '../../../common/shop-settings/cache';
import { useShop } from '../../../common/shop-settings/use-shop';
import { Button, buttonClass } from '../../../common/ui/button';
import './cart-page.css';

/** `/cart`: the cart's products, the delivery address, the payment method and the totals. */
export function CartPage() {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <div className="container section">
      <LoadBoundary onRetry={reset} fallback={<Spinner label="Loading your cart…" />}>
        <CartScreen />
      </LoadBoundary>
    </div>
  );
}

function CartScreen() {
  const items = useAtomValue(cartItemsAtom);
  // While a changed cart's products are asked for, the ones held stay on screen.
  const { data: products } = useQuery({
    ...productQueries.items(Object.keys(items)),
    placeholderData: keepPreviousData,
    throwOnError: true,
  });
  const { setQuantity, delete: remove } = useCart();
  const mostPerLine = useKnownShop()?.maxPerLine;
  // The badge learns the units of lines it did not see added (a saved cart's, from another device).
  const noteLoose = useSetAtom(noteLooseAtom);
  useEffect(() => {
    if (products) noteLoose(products);
  }, [products, noteLoose]);
  if (!products) return <Spinner label="Loading your cart…" />;
  const lines = cartLines(items, products);
  const count = linesItemCount(lines);

  if (lines.length === 0) {
    return (
      <div className="message-page">
        <h1>Your cart is empty</h1>
        <p>Fresh vegetables, fruits and more are a tap away.</p>
        <Link to="/products" className={buttonClass()}>
          Start shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="cart-layout">
      <section aria-labelledby="cart-heading" className="cart-items">
        <h1 id="cart-heading" className="cart-items__title">
          Shopping Cart{' '}
          <span className="text-primary">({count === 1 ? '1 item' : `${count} items`})</span>
        </h1>
        <ul role="list" className="cart-lines">
          {lines.map((line) => (
            <CartLineItem
              key={line.product._id}
              line={line}
              mostPerLine={mostPerLine}
              onQuantityChange={(quantity) => setQuantity(line.product._id, quantity)}
              onRemove={() => remove(line.product._id)}
            />
          ))}
        </ul>
        <Link to="/products" className="continue-link">
          <ArrowLeftIcon size={18} /> Continue shopping
        </Link>
      </section>
      <OrderSummary lines={lines} />
    </div>
  );
}

function OrderSummary({ lines }: { lines: CartLine[] }) {
  const user = useAtomValue(userAtom);
  const authChecked = useAtomValue(authCheckedAtom);
  const openLogin = useSetAtom(loginDialogAtom);
  const { reset: retryAddresses } = useQueryErrorResetBoundary();
  const placeOrder = useMutation(userOrderMutations.place(useStore()));
  const navigate = useNavigate();
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod>('COD');
  // "Pay later" is offered only to a shopper whose khata gives credit.
  const khata = useMyKhata(user?._id);
  const payLater = khata?.canPayLater ? khata : null;
  const paymentMethod = chosenMethod === 'Khata' && !payLater ? 'COD' : chosenMethod;
  const placing = placeOrder.isPending;
  const shop = useShop();
  // Until the shop is known, the mode every shop starts in (the spec's 2 %).
  const taxMode = shop?.tax ?? 'spec';
  const totals = linesTotals(lines, shop && deliveryChargeOf(shop), taxMode);
  const area = useChosenArea(user?._id);
  const notices = [
    ...mostPerLineNotices(shop, lines),
    ...checkoutNotices(shop, totals.subtotal, area),
  ];
  const blocked = notices.some((notice) => notice.blocks);

  const submit = async () => {
    if (!user) {
      openLogin('login');
      return;
    }
    // Awaited rather than an onSuccess of this call, which the emptied cart's unmounting of this
    // summary would drop; a failure has been told by the mutation.
    const placed = await placeOrder
      .mutateAsync({
        items: lines.map(({ product, quantity }) => ({ product: product._id, quantity })),
        paymentMethod,
      })
      .then(
        () => true,
        () => false,
      );
    if (placed) void navigate('/my-orders');
  };

  return (
    <section className="order-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order Summary</h2>

      {user ? (
        <LoadBoundary
          onRetry={retryAddresses}
          fallback={<p className="muted">Loading your addresses…</p>}
        >
          <Addresses userId={user._id} />
        </LoadBoundary>
      ) : (
        <div className="address-picker">
          <p className="address-picker__legend">Delivery Address</p>
          <p className="muted">
            {authChecked ? 'Log in to choose a delivery address.' : 'Checking your login…'}
          </p>
        </div>
      )}

      <PaymentMethods
        chosen={paymentMethod}
        onChoose={setPaymentMethod}
        payLater={payLater && { ...payLater, left: creditLeft(payLater) }}
      />

      <CartTotalsList totals={totals} mode={taxMode} />

      {/* Always there, so that a notice appearing later (the shop closes) is read out. */}
      <div id="checkout-notices" role="status">
        {notices.length > 0 && (
          <ul className="checkout-notices">
            {notices.map((notice) => (
              <li
                key={notice.text}
                className={
                  notice.blocks ? 'checkout-notice checkout-notice--blocks' : 'checkout-notice'
                }
              >
                {notice.text}
              </li>
            ))}
          </ul>
        )}
      </div>

      <Button
        type="button"
        block
        size="large"
        onClick={submit}
        disabled={placing || blocked}
        aria-describedby={blocked ? 'checkout-notices' : undefined}
      >
        {placing
          ? 'Placing order…'
          : user || !authChecked
            ? 'Place Order'
            : 'Log in to place order'}
      </Button>
    </section>
  );
}

/** The shop's answer for the PIN code of the address the order would go to (none yet: undefined). */
function useChosenArea(userId: string | undefined): ServiceableAnswer | undefined {
  const addresses = useQuery({
    ...addressQueries.list(userId ?? ''),
    enabled: Boolean(userId),
  }).data;
  const chosen = chosenAddress(addresses ?? [], useAtomValue(chosenAddressIdAtom));
  return useQuery(shopQueries.serviceable(chosen?.zipcode ?? '')).data;
}

/** The saved addresses, the effective choice checked. */
function Addresses({ userId }: { userId: string }) {
  const addresses = useSuspenseQuery(addressQueries.list(userId)).data;
  const chosen = chosenAddress(addresses, useAtomValue(chosenAddressIdAtom));
  const setChosenId = useSetAtom(chosenAddressIdAtom);
  return (
    <AddressPicker addresses={addresses} chosenId={chosen?._id ?? null} onChoose={setChosenId} />
  );
}
