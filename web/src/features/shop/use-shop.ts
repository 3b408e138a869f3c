import type { Shop } from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shopQueries } from './queries';

/** A moment after the change, so that the shop's own clock has passed it too. */
const AFTER_CHANGE_MS = 1000;

/**
 * The shop (none until it is known), asked again the moment it opens or closes by its hours or
 * its pause ends: a storefront left open says so without a reload.
 */
export function useShop(): Shop | undefined {
  const { data, refetch } = useQuery(shopQueries.shop());
  const shop = data?.shop;
  const change = shop && (shop.open ? shop.closesAt : shop.opensAt);
  useEffect(() => {
    if (!change) return;
    const timer = setTimeout(
      () => void refetch(),
      Math.max(0, Date.parse(change) - Date.now()) + AFTER_CHANGE_MS,
    );
    return () => clearTimeout(timer);
  }, [change, refetch]);
  return shop;
}
