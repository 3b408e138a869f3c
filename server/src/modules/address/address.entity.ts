import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';
import { UserSchema } from '../user/user.entity.js';

export const AddressSchema = defineEntity({
  name: 'Address',
  tableName: 'addresses',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserSchema).index().deleteRule('cascade'),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    email: p.string().length(254),
    phone: p.string().length(20),
    street: p.string().length(300),
    city: p.string().length(100),
    state: p.string().length(100),
    zipcode: p.string().length(10),
    country: p.string().length(100),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Address = InferEntity<typeof AddressSchema>;
