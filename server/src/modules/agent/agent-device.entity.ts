import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { AgentSchema } from './agent.entity.js';

/**
 * A one-time invite the seller gives an agent (a link and its QR code) to pair a phone. The link
 * carries a random code; only its SHA-256 is stored, so a copy of the table pairs nothing.
 */
export const AgentInviteSchema = defineEntity({
  name: 'AgentInvite',
  tableName: 'agent_invites',
  properties: {
    id: idProperty(),
    codeHash: p.string().length(64).unique(),
    agent: () => p.manyToOne(AgentSchema).index(),
    expiresAt: p.datetime(),
    /** Set once, by the one pairing that took it. */
    usedAt: p.datetime().nullable(),
    /** A newer invite or the agent's removal replaced it before it was used. */
    revokedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
  },
});
export type AgentInvite = InferEntity<typeof AgentInviteSchema>;

/**
 * A phone paired through an invite: its long-lived cookie carries a random credential (only the
 * SHA-256 is stored). With AGENT_LOGIN=paired an agent signs in only on a live device of theirs.
 */
export const AgentDeviceSchema = defineEntity({
  name: 'AgentDevice',
  tableName: 'agent_devices',
  properties: {
    id: idProperty(),
    credentialHash: p.string().length(64).unique(),
    agent: () => p.manyToOne(AgentSchema).index(),
    createdAt: createdAtProperty(),
    /** The device's last sign-in. */
    lastSeenAt: p.datetime(),
    /** Re-inviting or removing the agent revokes it: it signs in no more. */
    revokedAt: p.datetime().nullable(),
  },
});
export type AgentDevice = InferEntity<typeof AgentDeviceSchema>;
