import { MAX_LINE_QUANTITY } from '../domain/quantity.js';

/*
 * A new store's name, contact, promise and limits on what one shopper holds
 * (docs/promise.md#shop-settings): its settings' defaults, apart from their schemas.
 */

/** Minutes the shop may promise to deliver in, and what a new store promises. */
export const PROMISE_MINUTES = { min: 5, max: 240, default: 30 } as const;

/**
 * The most units of one product an order may take (`maxPerLine`), so that one account cannot
 * take a product's whole stock and hold it; the seller's till is not bound by it.
 */
export const MAX_PER_LINE = { min: 1, max: MAX_LINE_QUANTITY, default: 20 } as const;

/**
 * The most open orders (neither delivered nor cancelled) one shopper may have unpaid: cash on
 * delivery not yet paid, or online awaiting payment (`maxOpenOrders`).
 */
export const MAX_OPEN_ORDERS = { min: 1, max: 50, default: 3 } as const;

/** The shop's name and how to reach it as a new store starts (the storefront's own texts). */
export const SPEC_SHOP_CONTACT = {
  name: 'Kirana',
  phone: '1800 000 000',
  email: 'hello@kirana.example',
  address: '',
  returnsPolicy: '',
} as const;
