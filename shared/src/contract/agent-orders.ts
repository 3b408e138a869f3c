/**
 * The agent app's orders: what it lists, accepting one, moving it on. Apart from contract/agent.ts
 * so that the phone's first screen (its login) loads no order schemas.
 */
import * as z from 'zod/mini';
import { DELIVERY_STATUSES } from '../domain/order-machine.js';
import { DELIVERY_PIN_FORMAT, DELIVERY_PIN_PATTERN } from '../domain/delivery-pin.js';
import { idField, messageAnswerSchema, requestBody } from './common.js';
import { agentOrderSchema } from './order.js';

/** `GET /api/agents/orders/visible`: the open pool plus all of the agent's own orders. */
export const agentOrdersAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.array(agentOrderSchema),
});
export type AgentOrdersAnswer = z.infer<typeof agentOrdersAnswerSchema>;

/** `POST /api/agents/accept` */
export const acceptOrderBodySchema = requestBody({ orderId: idField('orderId') });
export type AcceptOrderBody = z.infer<typeof acceptOrderBodySchema>;

/** `PUT /api/agents/status/{orderId}`: whether the change is allowed is the order machine's call. */
export const orderStatusBodySchema = requestBody({
  status: z.enum(DELIVERY_STATUSES, {
    error: `status must be one of ${DELIVERY_STATUSES.join(', ')}`,
  }),
  /** The shopper's delivery PIN, for 'Delivered' when the order asks for one. */
  pin: z.optional(
    z
      .string({ error: DELIVERY_PIN_FORMAT })
      .check(z.regex(DELIVERY_PIN_PATTERN, DELIVERY_PIN_FORMAT)),
  ),
});
export type OrderStatusBody = z.infer<typeof orderStatusBodySchema>;

/** `POST /api/agents/accept`, `PUT /api/agents/status/{orderId}`, `PUT /api/agents/mark-paid/{orderId}`: the order after the change. */
export const agentOrderAnswerSchema = z.extend(messageAnswerSchema, { order: agentOrderSchema });
export type AgentOrderAnswer = z.infer<typeof agentOrderAnswerSchema>;
