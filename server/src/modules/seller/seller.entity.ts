import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';

/** The shop's own account (shown as Admin); its email and password come from the environment. */
export const SellerSchema = defineEntity({
  name: 'Seller',
  tableName: 'sellers',
  properties: {
    id: idProperty(),
    email: p.string().length(254).unique(),
    passwordHash: p.string().hidden(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Seller = InferEntity<typeof SellerSchema>;
