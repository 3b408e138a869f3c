import * as z from 'zod/mini';
import { api } from '../../../../../lib/api-client';

/** `GET /api/khata/shoppers?q=`: at most 10 shopper accounts by email or name. */
export const khataShoppersAnswerSchema = z.object({
  success: z.literal(true),
  shoppers: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});
export type KhataShopper = z.infer<typeof khataShoppersAnswerSchema>['shoppers'][number];

/** The shopper accounts matching `q`, to link to a customer. Throws `ApiError`. */
export async function findKhataShoppers(q: string, signal?: AbortSignal): Promise<KhataShopper[]> {
  const path = `/api/khata/shoppers?${new URLSearchParams({ q })}`;
  return (await api.get(path, khataShoppersAnswerSchema, { signal })).shoppers;
}
