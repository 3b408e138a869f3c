/** Every fixed text the spec names, verbatim: toasts, validation and screen texts. */
export const MESSAGES = {
  // Errors
  selectAddress: 'Please select an address',
  razorpayOrderFailed: 'Failed to create Razorpay order',
  paymentVerificationFailed: 'Payment verification failed.',
  paymentVerificationError: 'Error during payment verification.',
  orderFailed: (reason: string) => `Order failed: ${reason}`,
  loadAgentsFailed: 'Failed to load agents',
  fetchAgentsFailed: 'Failed to fetch agents',
  addAgentFailed: 'Failed to add agent',
  removeAgentFailed: 'Failed to remove agent',
  phoneRequired: 'Phone number required',
  loginFailed: 'Login failed',
  loginError: 'Login error',
  authenticationFailed: 'Authentication failed',
  loginAsAgent: 'Please login as agent',
  loadOrdersFailed: 'Failed to load orders',
  fetchOrdersError: 'Error fetching orders',
  acceptFailed: 'Accept failed',
  acceptOrderFailed: 'Failed to accept order',
  statusUpdateFailed: 'Status update failed',
  updateStatusFailed: 'Failed to update status',
  paymentFailed: 'Payment failed',
  markPaidFailed: 'Failed to mark as paid',
  orderNotFound: 'Order not found',
  loadDeliveredOrdersFailed: 'Failed to load delivered orders',
  unauthorizedAccess: 'Unauthorized access',
  allFieldsRequired: 'All fields required',

  // Success toasts
  addedToCart: 'Added to Cart',
  cartUpdated: 'Cart Updated',
  removedFromCart: 'Removed from Cart',
  loggedIn: 'Logged In',
  addressUpdated: 'Address updated successfully',
  paymentSuccessful: 'Payment successful!',
  agentAdded: 'Agent added',
  agentRemoved: 'Agent removed',
  orderAccepted: 'Order accepted',
  statusUpdated: (status: string) => `Order status updated to ${status}`,
  paidInCash: 'Payment collected in cash',

  // Beyond the spec: why an unpaid online order was cancelled, what a late payment gets.
  paymentNotCompleted: 'payment not completed',

  // Screen texts
  noProductsInCategory: 'No products found in this category.',
  confirmRemoveAgent: 'Are you sure you want to remove this agent?',
  sellerGreeting: 'Hi! Admin',
} as const;

/** Toast policy: at most 20 on screen; errors and plain toasts 4 s, success toasts 2 s. */
export const TOASTS = { max: 20, errorMs: 4000, blankMs: 4000, successMs: 2000 } as const;
