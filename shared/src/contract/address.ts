import * as z from 'zod/mini';
import {
  emailField,
  messageAnswerSchema,
  phoneField,
  requestBody,
  requiredText,
  sentUserIdField,
} from './common.js';

/** A delivery address as the shopper enters it; every field is required. */
export const addressInputSchema = z.object(
  {
    firstName: requiredText('firstName'),
    lastName: requiredText('lastName'),
    email: emailField(),
    street: requiredText('street', 200),
    city: requiredText('city'),
    state: requiredText('state'),
    zipcode: requiredText('zipcode').check(z.regex(/^\d{4,10}$/, 'zipcode must be 4 to 10 digits')),
    country: requiredText('country'),
    phone: phoneField(),
  },
  { error: 'address must be an object' },
);
export type AddressInput = z.infer<typeof addressInputSchema>;

/** A saved address as the API answers it. */
export const addressSchema = z.extend(addressInputSchema, { _id: z.string() });
export type Address = z.infer<typeof addressSchema>;

/** `POST /api/address/add`. The server ignores `userId` and saves for the session's shopper. */
export const addressAddBodySchema = requestBody({
  userId: sentUserIdField,
  address: addressInputSchema,
});
export type AddressAddBody = z.infer<typeof addressAddBodySchema>;

/** `PUT /api/address/update/{id}` */
export const addressUpdateBodySchema = requestBody({ address: addressInputSchema });
export type AddressUpdateBody = z.infer<typeof addressUpdateBodySchema>;

/** `POST /api/address/add` and `PUT /api/address/update/{id}`: the saved address. */
export const addressSavedAnswerSchema = z.extend(messageAnswerSchema, { address: addressSchema });
export type AddressSavedAnswer = z.infer<typeof addressSavedAnswerSchema>;

/** `GET /api/address/get` */
export const addressListAnswerSchema = z.object({
  success: z.literal(true),
  addresses: z.array(addressSchema),
});
export type AddressListAnswer = z.infer<typeof addressListAnswerSchema>;
