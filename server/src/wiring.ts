/**
 * How the modules above order and agent join in those modules' transactions (Vendure's process
 * hooks): the order and agent modules declare what they need, these provide it, so that modules
 * depend in one direction (docs/architecture.md#server-modules).
 */
import type { AgentHooks } from './modules/agent/agent-hooks.js';
import { cashCancellationStep } from './modules/cash/cash-at-the-door.js';
import { cashInHandByAgent } from './modules/cash/cash.service.js';
import { khataDeliveryStep } from './modules/khata/khata-orders.js';
import { busyAgents } from './modules/order/order-queries.js';
import type { CancellationStep } from './modules/order/order-cancel.service.js';
import {
  releaseRemovedAgentOrders,
  type DeliveryStep,
} from './modules/order/order-state.service.js';
import { refundCancellationStep } from './modules/payment/refunds.js';
import { deleteAgentSubscriptions } from './modules/push/push.service.js';

/** What cancelling an order does beyond the order: the cash taken at the door goes back, online payments are refunded. */
export const cancellationSteps: readonly CancellationStep[] = [
  cashCancellationStep,
  refundCancellationStep,
];

/** What delivering an order does beyond the order: a khata order's amount goes on the khata. */
export const deliverySteps: readonly DeliveryStep[] = [khataDeliveryStep];

export const agentHooks: AgentHooks = {
  busy: busyAgents,
  cashInHand: cashInHandByAgent,
  phonesRevoked: deleteAgentSubscriptions,
  removed: releaseRemovedAgentOrders,
};
