/**
 * The agents' fixed texts, verbatim from the spec: the agent app shows them through its
 * catalogs (ids `spec.<key>`, in English and Hindi); the server answers with them through
 * `MESSAGES`.
 */
export const AGENT_MESSAGES = {
  // Errors
  phoneRequired: 'Phone number required',
  loginFailed: 'Login failed',
  loginError: 'Login error',
  authenticationFailed: 'Authentication failed',
  loginAsAgent: 'Please login as agent',
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

  // Success toasts
  orderAccepted: 'Order accepted',
  statusUpdated: (status: string) => `Order status updated to ${status}`,
  paidInCash: 'Payment collected in cash',

  // Beyond the spec: going on and off duty.
  onDuty: 'You are on duty: new orders will alert you',
  offDuty: 'You are off duty: new orders will not alert you',

  // Beyond the spec: paired agent phones (docs/agents.md#paired-phones).
  agentNotPaired: 'This phone is not paired with the shop. Ask the shop for an invite.',
  agentPairedToAnother:
    'This phone is paired with another agent’s number. Log in with that number, or ask the shop for an invite.',
  phonePaired: 'This phone is paired with the shop',
  inviteCodeRequired: 'code is required: open the invite link from the shop',
  inviteCodeMalformed: 'code is not an invite code: open the invite link from the shop',
  inviteNotValid: 'This invite link is not valid any more. Ask the shop for a new invite.',
  inviteUsed: 'This invite link has already been used. Ask the shop for a new invite.',
  inviteExpired: 'This invite link has expired. Ask the shop for a new invite.',
} as const;
