/**
 * The delivery PIN (DELIVERY_PIN=on): four digits shown only to the order's shopper, which the
 * agent enters to mark it Delivered. After {@link DELIVERY_PIN_TRIES} wrong ones the order is
 * locked until the seller unlocks it.
 */
export const DELIVERY_PIN_LENGTH = 4;
export const DELIVERY_PIN_PATTERN = /^\d{4}$/;
export const DELIVERY_PIN_TRIES = 5;

export const DELIVERY_PIN_FORMAT = 'pin must be the 4 digits the shopper sees in My Orders';
export const DELIVERY_PIN_MISSING =
  'pin is required: ask the shopper for the 4-digit delivery PIN in My Orders';
export const DELIVERY_PIN_LOCKED =
  'Delivery is locked after 5 wrong PINs: ask the shop to unlock it';

/** What the agent is told after a wrong PIN, with `left` tries before the lock. */
export function wrongPinMessage(left: number): string {
  if (left <= 0) return `Wrong PIN. ${DELIVERY_PIN_LOCKED}`;
  return `Wrong PIN: ${left} ${left === 1 ? 'try' : 'tries'} left`;
}
