/**
 * What the storefront and the server say of the shop's promise (docs/promise.md): closed,
 * where it delivers, its minimum and free delivery. A table of its own: the screens that say
 * them load after the storefront's first page.
 */
export const PROMISE_MESSAGES = {
  closedNow: (opensAt: string | null) =>
    opensAt ? `Closed now — opens at ${opensAt}` : 'Closed now',
  deliversTo: (zipcode: string) => `We deliver to ${zipcode}`,
  notServiceable: (zipcode: string, where: string) =>
    `We don't deliver to ${zipcode} yet — we deliver to ${where}`,
  belowMinimum: (minimum: string, short: string) =>
    `The minimum order is ${minimum}: add ${short} more`,
  addForFreeDelivery: (short: string) => `Add ${short} more for free delivery`,
} as const;
