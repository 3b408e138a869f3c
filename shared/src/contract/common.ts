import { z } from 'zod';

/** Every failed answer: `{ success: false, message }`, the message naming what is wrong. */
export const errorAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** Ids are UUIDv7 strings, sent as `_id`. */
export const idSchema = z.uuid({ message: 'must be a valid id' });

/** Money in the API: rupees as a number with at most two decimals. */
export const rupeesSchema = z
  .number({ message: 'must be a number' })
  .nonnegative({ message: 'must not be negative' })
  .max(10_000_000, { message: 'is too large' })
  .multipleOf(0.01, { message: 'must have at most two decimals' });
