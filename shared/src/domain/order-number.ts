/**
 * The order number people read out and type: the last eight hex digits of the order's id (a
 * UUIDv7, whose first half is its time and whose tail is random), upper-cased: `7FCAC308`. The
 * same in every app — the shopper's orders, the seller's counter, the agent's phone, the payment
 * and the desktop notification — each showing it after a `#`.
 */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}
