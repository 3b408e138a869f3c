/**
 * What the storefront and the server say of the shop's promise (docs/promise.md): closed,
 * where it delivers, its minimum and free delivery, and how much one shopper may hold at once.
 * A table of its own: the screens that say them load after the storefront's first page.
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
  tooManyUnits: (product: string, most: number | string) =>
    `At most ${most} of ${product} can be in one order`,
  tooManyOpenOrders: (open: number) =>
    open === 1
      ? 'You have 1 open order not yet paid, the most the shop takes: order again once it is delivered, paid or cancelled'
      : `You have ${open} open orders not yet paid, the most the shop takes: order again once one is delivered, paid or cancelled`,
} as const;
