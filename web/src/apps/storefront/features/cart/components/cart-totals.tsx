import {
  SHOP_CURRENCY,
  TAX_PERCENT,
  formatAmount,
  toRupees,
  type CartTotals,
  type TaxMode,
} from '@kirana/shared';
import './cart-totals.css';

const rs = (paise: number) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/**
 * Price, shipping (the shop's delivery fee, or Free), tax and total of the cart. The tax row is
 * the spec's 2 %, added only in the shop's `spec` mode (cartTotals); a registered (`regular`)
 * shop's prices include GST, which the summary says; an unregistered or composition shop's
 * prices are final, with nothing to say (docs/gst.md#tax-modes).
 */
export function CartTotalsList({ totals, mode }: { totals: CartTotals; mode: TaxMode }) {
  return (
    <>
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
        {mode === 'spec' && (
          <div>
            <dt>Tax ({TAX_PERCENT}%)</dt>
            <dd>{rs(totals.tax)}</dd>
          </div>
        )}
        <div className="totals__total">
          <dt>Total Amount</dt>
          <dd>{rs(totals.total)}</dd>
        </div>
      </dl>
      {mode === 'regular' && <p className="totals-note">Prices include GST</p>}
    </>
  );
}
