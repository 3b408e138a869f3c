import {
  SHOP_CURRENCY,
  TAX_PERCENT,
  formatAmount,
  toRupees,
  type CartTotals,
} from '@kirana/shared';
import './cart-totals.css';

const rs = (paise: number) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/** Price, shipping (the shop's delivery fee, or Free), tax and total of the cart. */
export function CartTotalsList({ totals }: { totals: CartTotals }) {
  return (
    <dl className="totals">
      <div>
        <dt>Price</dt>
        <dd>{rs(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>Shipping Fee</dt>
        {totals.shipping === 0 ? (
          <dd className="text-primary">Free</dd>
        ) : (
          <dd>{rs(totals.shipping)}</dd>
        )}
      </div>
      <div>
        <dt>Tax ({TAX_PERCENT}%)</dt>
        <dd>{rs(totals.tax)}</dd>
      </div>
      <div className="totals__total">
        <dt>Total Amount</dt>
        <dd>{rs(totals.total)}</dd>
      </div>
    </dl>
  );
}
