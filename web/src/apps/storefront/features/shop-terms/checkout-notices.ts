import {
  formatAmount,
  formatQuantity,
  SHOP_CURRENCY,
  PROMISE_MESSAGES,
  toPaise,
  toRupees,
  type Paise,
  type ServiceableAnswer,
  type Shop,
  type Unit,
} from '@kirana/shared';
import { closedText } from '../../../../common/shop-settings/closed-text';

/** Something the cart tells the shopper before they order; `blocks`: no order can be placed. */
export interface CheckoutNotice {
  text: string;
  blocks: boolean;
}

const rupees = (paise: Paise) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/**
 * What the shop's settings say about an order of `subtotal` to the chosen address (`area`: the
 * shop's answer for its PIN code), in the words the server would refuse it with: closed, not
 * delivered there, under the minimum; and how much more makes delivery free.
 */
export function checkoutNotices(
  shop: Shop | undefined,
  subtotal: Paise,
  area: ServiceableAnswer | undefined,
  now = new Date(),
): CheckoutNotice[] {
  if (!shop) return [];
  const notices: CheckoutNotice[] = [];
  if (!shop.open) notices.push({ text: closedText(shop, now), blocks: true });
  if (area && !area.serviceable) notices.push({ text: area.message, blocks: true });
  const minimum = toPaise(shop.minimumOrder);
  if (subtotal < minimum)
    notices.push({
      text: PROMISE_MESSAGES.belowMinimum(rupees(minimum), rupees(minimum - subtotal)),
      blocks: true,
    });
  const freeFrom = toPaise(shop.freeDeliveryAbove);
  if (shop.deliveryFee > 0 && freeFrom > 0 && subtotal < freeFrom)
    notices.push({
      text: PROMISE_MESSAGES.addForFreeDelivery(rupees(freeFrom - subtotal)),
      blocks: false,
    });
  return notices;
}

/**
 * A line of more than the shop takes in one order (its most per order, in pieces or in kilos
 * (litres) of a loose product; lowered since the line was filled, or a cart merged at login) stops
 * the order, in the words the server would refuse it with.
 */
export function mostPerLineNotices(
  shop: Shop | undefined,
  lines: readonly { product: { name: string; unit?: Unit }; quantity: number }[],
): CheckoutNotice[] {
  if (!shop) return [];
  return lines.flatMap(({ product: { name, unit = 'piece' }, quantity }) => {
    const most = unit === 'piece' ? shop.maxPerLine : shop.maxPerLine * 1000;
    if (quantity <= most) return [];
    const text = PROMISE_MESSAGES.tooManyUnits(
      name,
      unit === 'piece' ? most : formatQuantity(most, unit),
    );
    return [{ text, blocks: true }];
  });
}
