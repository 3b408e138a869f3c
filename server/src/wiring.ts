/**
 * How the modules above order and agent join in those modules' transactions (Vendure's process
 * hooks): the order and agent modules declare what they need, these provide it, so that modules
 * depend in one direction (docs/architecture.md#server-modules).
 */
import type { AgentHooks } from './modules/agent/agent-hooks.js';
import { cashCancellationStep } from './modules/cash/cash-at-the-door.js';
import { cashInHandByAgent } from './modules/cash/cash.service.js';
import { creditNoteOnCancelStep, invoiceOnPickedStep } from './modules/gst/order-documents.js';
import { khataDeliveryStep } from './modules/khata/khata-orders.js';
import { busyAgents } from './modules/order/order-queries.js';
import type { CancellationStep } from './modules/order/order-cancel.service.js';
import {
  releaseRemovedAgentOrders,
  type StatusSteps,
} from './modules/order/order-state.service.js';
import { refundCancellationStep } from './modules/payment/refunds.js';
import { deleteAgentSubscriptions } from './modules/push/push.service.js';

/**
 * What cancelling an order does beyond the order: the cash taken at the door goes back, online
 * payments are refunded, and an invoiced order gets its credit note (last: it takes a number).
 */
export const cancellationSteps: readonly CancellationStep[] = [
  cashCancellationStep,
  refundCancellationStep,
  creditNoteOnCancelStep,
];

/**
 * What moving an order on does beyond the order: picking it issues its invoice; delivering a
 * khata order puts its amount on the khata.
 */
export const statusSteps: StatusSteps = {
  picked: [invoiceOnPickedStep],
  delivered: [khataDeliveryStep],
};

export const agentHooks: AgentHooks = {
  busy: busyAgents,
  cashInHand: cashInHandByAgent,
  phonesRevoked: deleteAgentSubscriptions,
  removed: releaseRemovedAgentOrders,
};
