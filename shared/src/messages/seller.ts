/** A tool's failure as one short line: its first line, at most 200 characters. */
function shortFailure(message: string): string {
  const [first = ''] = message.trim().split('\n', 1);
  const line = first.trim() || 'no reason given';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

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

  // Beyond the spec: the seller takes an order back from its agent
  // (docs/orders.md#assigning-and-taking-back).
  confirmTakeBack: 'Take this order back from its agent?',
  orderTakenBack: 'Order taken back: it is open for the agents again',
  pinUnlocked: 'Delivery PIN unlocked: the agent may try again',
  unlockPinFailed: 'Could not unlock the delivery PIN',
  takeBackFailed: 'Failed to take the order back',

  // Beyond the spec: assigning orders (docs/orders.md#assigning-and-taking-back).
  orderAssigned: (agent: string) => `Order assigned to ${agent}`,
  assignFailed: 'Failed to assign the order',
  // The counter's alert for an open order no agent accepted in time (title, then body).
  noAgentTitle: (orderNumber: string) => `No agent for order #${orderNumber}`,
  noAgentBody: (amount: string) => `${amount} · nobody has accepted it yet: assign it to an agent`,

  // Beyond the spec: the counter's alert for a failed backup
  // (docs/backups.md#when-backups-are-made).
  backupFailed: (message: string) => `Backup failed: ${shortFailure(message)}`,
  backupFailedTitle: 'Backup failed',
  backupFailedBody: (message: string) => shortFailure(message),
  backUpNowFailed: 'Could not back up now',
  saveShopFailed: 'Could not save the shop settings',

  // Screen texts
  confirmRemoveAgent: 'Are you sure you want to remove this agent?',
  sellerGreeting: 'Hi! Admin',
} as const;
