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

  // Beyond the spec: the seller takes an order back from its agent (design: Orders).
  confirmTakeBack: 'Take this order back from its agent?',
  orderTakenBack: 'Order taken back: it is open for the agents again',
  pinUnlocked: 'Delivery PIN unlocked: the agent may try again',
  onDuty: 'You are on duty: new orders will alert you',
  offDuty: 'You are off duty: new orders will not alert you',
  unlockPinFailed: 'Could not unlock the delivery PIN',
  takeBackFailed: 'Failed to take the order back',

  // Beyond the spec: cancelling and assigning orders (design: Orders).
  orderCancelled: 'Order cancelled',
  orderCancelledRefund: 'Order cancelled: the payment will be refunded',
  cancelFailed: 'Failed to cancel the order',
  orderAssigned: (agent: string) => `Order assigned to ${agent}`,
  assignFailed: 'Failed to assign the order',
  // The counter's alert for an open order no agent accepted in time (title, then body).
  noAgentTitle: (orderNumber: string) => `No agent for order #${orderNumber}`,
  noAgentBody: (amount: string) => `${amount} · nobody has accepted it yet: assign it to an agent`,

  // Beyond the spec: paired agent phones (design: Agent devices).
  agentNotPaired: 'This phone is not paired with the shop. Ask the shop for an invite.',
  agentPairedToAnother:
    'This phone is paired with another agent’s number. Log in with that number, or ask the shop for an invite.',
  phonePaired: 'This phone is paired with the shop',
  inviteCodeRequired: 'code is required: open the invite link from the shop',
  inviteCodeMalformed: 'code is not an invite code: open the invite link from the shop',
  inviteNotValid: 'This invite link is not valid any more. Ask the shop for a new invite.',
  inviteUsed: 'This invite link has already been used. Ask the shop for a new invite.',
  inviteExpired: 'This invite link has expired. Ask the shop for a new invite.',

  // Screen texts
  noProductsInCategory: 'No products found in this category.',
  confirmRemoveAgent: 'Are you sure you want to remove this agent?',
  sellerGreeting: 'Hi! Admin',
} as const;

/** Toast policy: at most 20 on screen; errors and plain toasts 4 s, success toasts 2 s. */
export const TOASTS = { max: 20, errorMs: 4000, blankMs: 4000, successMs: 2000 } as const;
