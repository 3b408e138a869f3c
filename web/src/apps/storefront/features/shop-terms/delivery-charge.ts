import { toPaise, type DeliveryCharge, type Shop } from '@kirana/shared';

/** What the shop charges to deliver, in paise, for the cart's totals. */
export const deliveryChargeOf = (shop: Shop): DeliveryCharge => ({
  fee: toPaise(shop.deliveryFee),
  freeFrom: toPaise(shop.freeDeliveryAbove),
});
