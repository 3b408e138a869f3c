/**
 * What the seller is told of a product sold past its count (`pastCount`, units sold since the
 * count was last set, the count at 0): its shelf wants counting.
 */
export const pastCountText = (pastCount: number): string =>
  `sold ${pastCount} past the count: count the shelf`;
