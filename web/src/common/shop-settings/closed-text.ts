import { PROMISE_MESSAGES, shopTimeLabel, type Shop } from '@kirana/shared';

/** What the storefront says while the shop is closed: "Closed now — opens at 7:00 am". */
export function closedText(shop: Shop, now = new Date()): string {
  return PROMISE_MESSAGES.closedNow(
    shop.opensAt && shopTimeLabel(new Date(shop.opensAt), shop.timeZone, now),
  );
}
