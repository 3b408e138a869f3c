/** What My Orders says of the notifications of a shopper's orders. */
export const ORDER_NOTIFICATION_TEXTS = {
  control: 'Notify me about my orders',
  turnedOn: 'We’ll notify you when your order is accepted, on its way, delivered or cancelled.',
  turnedOff: 'Order notifications are off in this browser.',
  notAllowed: 'Notifications stay off: they were not allowed.',
  blocked:
    'Notifications are blocked for this store. Allow them in your browser’s site settings, then try again.',
  unsupported: 'This browser cannot show the store’s notifications.',
  failed: 'Notifications could not be changed. Check your connection and try again.',
  noPushService:
    'Notifications could not be turned on: this browser’s push service did not answer. Try again later.',
} as const;
