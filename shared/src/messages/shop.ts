/**
 * The storefront's fixed texts, verbatim from the spec (and the seller's screens say the same
 * words on a cancel). The server answers with them too, through `MESSAGES`.
 */
export const SHOP_MESSAGES = {
  // Errors
  selectAddress: 'Please select an address',
  razorpayOrderFailed: 'Failed to create Razorpay order',
  paymentVerificationFailed: 'Payment verification failed.',
  paymentVerificationError: 'Error during payment verification.',
  orderFailed: (reason: string) => `Order failed: ${reason}`,

  // Success toasts
  addedToCart: 'Added to Cart',
  cartUpdated: 'Cart Updated',
  removedFromCart: 'Removed from Cart',
  loggedIn: 'Logged In',
  addressUpdated: 'Address updated successfully',
  paymentSuccessful: 'Payment successful!',

  // Beyond the spec: why an unpaid online order was cancelled, what a late payment gets.
  paymentNotCompleted: 'payment not completed',

  // Beyond the spec: cancelling an order (docs/orders.md#cancelling), by the shopper or the seller.
  orderCancelled: 'Order cancelled',
  orderCancelledRefund: 'Order cancelled: the payment will be refunded',
  cancelFailed: 'Failed to cancel the order',

  // Screen texts
  noProductsInCategory: 'No products found in this category.',
  // Beyond the spec: the shop's most of a product in one order (its maxPerLine), reached.
  mostPerOrder: (most: number) => `At most ${most} per order`,
} as const;
