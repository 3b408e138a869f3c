import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';

export const AgentSchema = defineEntity({
  name: 'Agent',
  tableName: 'agents',
  properties: {
    id: idProperty(),
    name: p.string().length(100),
    /** Agents sign in by phone alone, so a phone belongs to one active agent. */
    phone: p.string().length(20),
    /** Whether the agent is working now: only agents on duty are alerted to new orders. */
    onDuty: p.boolean().default(true),
    /** Removed agents keep their row so delivered orders still name who delivered them. */
    removedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  uniques: [
    { properties: ['phone'], name: 'agents_active_phone_unique', where: 'removed_at is null' },
  ],
});
export type Agent = InferEntity<typeof AgentSchema>;
