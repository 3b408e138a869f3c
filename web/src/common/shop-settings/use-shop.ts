import { DEFAULT_TIME_ZONE, type Shop } from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shopQueries } from './queries';

/** A moment after the change, so that the shop's own clock has passed it too. */
const AFTER_CHANGE_MS = 1000;
/** How often to ask again while the server has not yet seen a change this browser's clock has. */
export const BEHIND_RETRY_MS = 15_000;

/**
 * How long to wait before asking for the shop again, for a change due at `change`: a moment after
 * it, or, when this browser's clock is already past it (a clock ahead of the server's, or an
 * answer the server gave just before the change), a while, asked again until the server agrees.
 */
export function refetchDelay(change: string, now: number): number {
  const remaining = Date.parse(change) - now;
  return remaining > 0 ? remaining + AFTER_CHANGE_MS : BEHIND_RETRY_MS;
}

/**
 * The shop (none until it is known), asked again the moment it opens or closes by its hours or
 * its pause ends: a storefront left open says so without a reload.
 */
export function useShop(): Shop | undefined {
  const { data, dataUpdatedAt, refetch } = useQuery(shopQueries.shop());
  const shop = data?.shop;
  const change = shop && (shop.open ? shop.closesAt : shop.opensAt);
  // Each answer re-arms the timer, the same change included: the server may not have seen it yet.
  useEffect(() => {
    if (!change) return;
    const timer = setTimeout(() => void refetch(), refetchDelay(change, Date.now()));
    return () => clearTimeout(timer);
  }, [change, dataUpdatedAt, refetch]);
  return shop;
}

/**
 * The shop's time zone (its default until the shop is known): every time shown to a shopper, the
 * seller or an agent is on the shop's clock, whatever the zone of the device showing it.
 */
export function useShopTimeZone(): string {
  const { data } = useQuery({ ...shopQueries.shop(), select: (answer) => answer.shop.timeZone });
  return data ?? DEFAULT_TIME_ZONE;
}
