import { closedText } from '../../../../../common/shop-settings/closed-text';
import { useShop } from '../../../../../common/shop-settings/use-shop';
import './shop-closed-banner.css';

/** Under the storefront's nav while the shop takes no orders: closed, and when it opens. */
export function ShopClosedBanner() {
  const shop = useShop();
  return (
    <div role="status" className="shop-closed">
      {shop && !shop.open && <p className="shop-closed__text container">{closedText(shop)}</p>}
    </div>
  );
}
