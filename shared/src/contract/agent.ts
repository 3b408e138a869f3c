import * as z from 'zod/mini';
import { AGENT_MESSAGES } from '../messages/agent.js';
import { SELLER_MESSAGES } from '../messages/seller.js';
import {
  messageAnswerSchema,
  normalizePhone,
  phoneField,
  readableText,
  requestBody,
  requiredText,
} from './common.js';

/** Derived on the server: 'On delivery' while the agent holds an undelivered order. */
export const AGENT_STATUSES = ['Available', 'On delivery'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const agentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  status: z.enum(AGENT_STATUSES),
  /** On duty: alerted to new orders (the agent switches it). */
  onDuty: z.boolean(),
  /**
   * A phone can sign in as the agent: one paired through an invite (with AGENT_LOGIN=phone, any).
   * Until then the agent can neither take orders nor be alerted.
   */
  canSignIn: z.boolean(),
  /** Rupees of cash the agent holds: collected at doors, not yet handed over. */
  cashInHand: z.number(),
});
export type Agent = z.infer<typeof agentSchema>;

/** `PUT /api/agents/duty`: the agent goes on or off duty. */
export const agentDutyBodySchema = requestBody({
  onDuty: z.boolean({ error: 'onDuty must be true or false' }),
});
export type AgentDutyBody = z.infer<typeof agentDutyBodySchema>;

/** `PUT /api/agents/duty`: the agent as they stand now. */
export const agentDutyAnswerSchema = z.extend(messageAnswerSchema, { agent: agentSchema });
export type AgentDutyAnswer = z.infer<typeof agentDutyAnswerSchema>;

/** `POST /api/agents/login`: the phone is normalized like a stored one, not format-checked. */
export const agentLoginBodySchema = requestBody({
  phone: z
    .string({ error: AGENT_MESSAGES.phoneRequired })
    .check(
      z.trim(),
      z.minLength(1, AGENT_MESSAGES.phoneRequired),
      z.maxLength(32, 'phone is too long'),
      ...readableText('phone'),
      z.overwrite(normalizePhone),
    ),
});
export type AgentLoginBody = z.infer<typeof agentLoginBodySchema>;

/** `POST /api/agents/login` and `GET /api/agents/is-auth` */
export const agentAuthAnswerSchema = z.object({ success: z.literal(true), agent: agentSchema });
export type AgentAuthAnswer = z.infer<typeof agentAuthAnswerSchema>;

/** `GET /api/agents/logout` and `DELETE /api/agents/{id}` */
export const agentMessageAnswerSchema = messageAnswerSchema;
export type AgentMessageAnswer = z.infer<typeof agentMessageAnswerSchema>;

/** `POST /api/agents/create` */
export const agentCreateBodySchema = requestBody({
  name: requiredText('name', 100, SELLER_MESSAGES.allFieldsRequired),
  phone: phoneField('phone', SELLER_MESSAGES.allFieldsRequired),
});
export type AgentCreateBody = z.infer<typeof agentCreateBodySchema>;

/** `POST /api/agents/create`: the new agent. */
export const agentCreateAnswerSchema = z.extend(messageAnswerSchema, { agent: agentSchema });
export type AgentCreateAnswer = z.infer<typeof agentCreateAnswerSchema>;

/** `GET /api/agents` */
export const agentListAnswerSchema = z.object({
  success: z.literal(true),
  agents: z.array(agentSchema),
});
export type AgentListAnswer = z.infer<typeof agentListAnswerSchema>;

/**
 * An agent invite's code: random, base64url, as long as the server makes it
 * (docs/agents.md#paired-phones). Anything else cannot be an invite, so it is refused before any
 * lookup.
 */
export const AGENT_INVITE_CODE = /^[\w-]{24}$/;

/** `POST /api/agents/{id}/invite` (seller): the one-time link, its code and when it runs out. */
export const agentInviteAnswerSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  code: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type AgentInviteAnswer = z.infer<typeof agentInviteAnswerSchema>;

/** `POST /api/agents/pair`: the code from the invite link. */
export const agentPairBodySchema = requestBody({
  code: z
    .string({ error: AGENT_MESSAGES.inviteCodeRequired })
    .check(
      z.trim(),
      z.minLength(1, AGENT_MESSAGES.inviteCodeRequired),
      z.regex(AGENT_INVITE_CODE, AGENT_MESSAGES.inviteCodeMalformed),
    ),
});
export type AgentPairBody = z.infer<typeof agentPairBodySchema>;

/** `POST /api/agents/pair`: whose phone this now is, so the login can be filled in. */
export const agentPairAnswerSchema = z.extend(messageAnswerSchema, {
  agent: z.object({ name: z.string(), phone: z.string() }),
});
export type AgentPairAnswer = z.infer<typeof agentPairAnswerSchema>;
