import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: idProperty(),
    name: p.string().length(100),
    /** Stored in lower case, so sign-in is case-insensitive. */
    email: p.string().length(254).unique(),
    passwordHash: p.string().hidden(),
    /** Product id → quantity, kept in sync with the shopper's browser cart. */
    cartItems: p.json<Record<string, number>>(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type User = InferEntity<typeof UserSchema>;
