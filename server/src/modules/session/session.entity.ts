import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty } from '../../db/base.js';
import { SESSION_KINDS } from '../../lib/session-kinds.js';

/**
 * A server-side login session. The cookie carries a random token; only its SHA-256 is stored,
 * so a copy of the table cannot be replayed. Deleting the row revokes the session.
 */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    tokenHash: p.string().length(64).primary(),
    kind: p.enum(SESSION_KINDS),
    subjectId: p.uuid(),
    expiresAt: p.datetime().index(),
    lastSeenAt: p.datetime(),
    createdAt: createdAtProperty(),
  },
  indexes: [{ properties: ['kind', 'subjectId'] }],
});
export type Session = InferEntity<typeof SessionSchema>;
