/*
 * A new store's name, contact and promise (docs/promise.md#shop-settings): its settings' defaults,
 * apart from their schemas.
 */

/** Minutes the shop may promise to deliver in, and what a new store promises. */
export const PROMISE_MINUTES = { min: 5, max: 240, default: 30 } as const;

/** The shop's name and how to reach it as a new store starts (the storefront's own texts). */
export const SPEC_SHOP_CONTACT = {
  name: 'Kirana',
  phone: '1800 000 000',
  email: 'hello@kirana.example',
  address: '',
  returnsPolicy: '',
} as const;
