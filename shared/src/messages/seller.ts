/** The seller's fixed texts, verbatim from the spec. The server answers with them through `MESSAGES`. */
export const SELLER_MESSAGES = {
  // Errors
  loadAgentsFailed: 'Failed to load agents',
  fetchAgentsFailed: 'Failed to fetch agents',
  addAgentFailed: 'Failed to add agent',
  removeAgentFailed: 'Failed to remove agent',
  loadOrdersFailed: 'Failed to load orders',
  allFieldsRequired: 'All fields required',

  // Success toasts
  agentAdded: 'Agent added',
  agentRemoved: 'Agent removed',

  // Beyond the spec: the seller takes an order back from its agent (design: Orders).
  confirmTakeBack: 'Take this order back from its agent?',
  orderTakenBack: 'Order taken back: it is open for the agents again',
  pinUnlocked: 'Delivery PIN unlocked: the agent may try again',
  unlockPinFailed: 'Could not unlock the delivery PIN',
  takeBackFailed: 'Failed to take the order back',

  // Beyond the spec: assigning orders (design: Orders).
  orderAssigned: (agent: string) => `Order assigned to ${agent}`,
  assignFailed: 'Failed to assign the order',
  // The counter's alert for an open order no agent accepted in time (title, then body).
  noAgentTitle: (orderNumber: string) => `No agent for order #${orderNumber}`,
  noAgentBody: (amount: string) => `${amount} · nobody has accepted it yet: assign it to an agent`,

  // Screen texts
  confirmRemoveAgent: 'Are you sure you want to remove this agent?',
  sellerGreeting: 'Hi! Admin',
} as const;
