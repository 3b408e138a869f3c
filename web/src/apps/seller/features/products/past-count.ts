import { formatQuantity, type Unit } from '@kirana/shared';

/**
 * What the seller is told of a product sold past its count (`pastCount`, units sold since the
 * count was last set, the count at 0; grams or ml of a loose product): its shelf wants counting.
 */
export const pastCountText = (pastCount: number, unit: Unit = 'piece'): string =>
  `sold ${formatQuantity(pastCount, unit)} past the count: count the shelf`;
