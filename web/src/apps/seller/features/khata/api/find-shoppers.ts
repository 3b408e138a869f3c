import { khataShoppersAnswerSchema, type KhataShoppersAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

export type KhataShopper = KhataShoppersAnswer['shoppers'][number];

/** The shopper accounts matching `q`, to link to a customer. Throws `ApiError`. */
export async function findKhataShoppers(q: string, signal?: AbortSignal): Promise<KhataShopper[]> {
  const path = `/api/khata/shoppers?${new URLSearchParams({ q })}`;
  return (await api.get(path, khataShoppersAnswerSchema, { signal })).shoppers;
}
