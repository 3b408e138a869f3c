/** What My Orders says of the notifications of a shopper's orders. */
export const ORDER_NOTIFICATION_TEXTS = {
  control: 'Notify me about my orders',
  turnedOn: 'We’ll notify you when an agent takes your order, when it is on its way and delivered.',
  turnedOff: 'Order notifications are off in this browser.',
  notAllowed: 'Notifications stay off: they were not allowed.',
  blocked:
    'Notifications are blocked for this store. Allow them in your browser’s site settings, then try again.',
  unsupported:
    'This browser cannot notify you. On an iPhone, add the store to your Home Screen and open it from there.',
  failed: 'Notifications could not be changed. Check your connection and try again.',
} as const;
