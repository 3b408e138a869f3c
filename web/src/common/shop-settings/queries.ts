import { ZIPCODE } from '@kirana/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiOf } from '../../lib/query-client';
import { getServiceable } from './api/get-serviceable';
import { getShop } from './api/get-shop';
import { SHOP_KEY, SHOP_SETTINGS_KEY } from './cache';

/** How long an answer of the shop's counts as now (live events keep it so meanwhile). */
const SHOP_FRESH_MS = 60_000;

export const shopQueries = {
  /**
   * The shop: open or not, its hours, fee, minimum and promise. Kept live by `shop:updated`, and
   * asked again when it opens or closes by the clock (useShop). A server-rendered page's may be
   * older than the page's visit (the page is kept): asked again once the browser uses it.
   */
  shop: () =>
    queryOptions({
      queryKey: SHOP_KEY,
      queryFn: ({ client, signal }) => getShop(apiOf(client), signal),
      staleTime: SHOP_FRESH_MS,
    }),
  /** The shop's settings as the seller edits them, PIN codes included (asked each time shown). */
  settings: () =>
    queryOptions({
      queryKey: SHOP_SETTINGS_KEY,
      queryFn: ({ client, signal }) => getShop(apiOf(client), signal),
      staleTime: 0,
    }),
  /** Whether the shop delivers to `zipcode` (six digits), and the sentence saying so. */
  serviceable: (zipcode: string) =>
    queryOptions({
      queryKey: [...SHOP_KEY, 'serviceable', zipcode],
      queryFn: ({ signal }) => getServiceable(zipcode, signal),
      enabled: ZIPCODE.test(zipcode),
    }),
};
