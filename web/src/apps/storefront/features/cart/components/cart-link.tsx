import { Link } from 'react-router';
import { CartIcon } from '../../../../../common/ui/icons';
import { buttonClass } from '../../../../../common/ui/button';
import './cart-link.css';

/** The nav's cart icon with the number of items in the cart. */
export function CartLink({ count }: { count: number }) {
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <Link
      to="/cart"
      className={buttonClass({ variant: 'icon', className: 'cart-link' })}
      aria-label={label}
    >
      <CartIcon />
      {/* An empty cart is the bare icon: a "0" badge reads as a notification. */}
      {count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
