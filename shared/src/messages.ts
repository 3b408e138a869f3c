import { AGENT_MESSAGES } from './messages/agent.js';
import { SELLER_MESSAGES } from './messages/seller.js';
import { PROMISE_MESSAGES } from './messages/shop-promise.js';
import { SHOP_MESSAGES } from './messages/shop.js';

export { AGENT_MESSAGES, PROMISE_MESSAGES, SELLER_MESSAGES, SHOP_MESSAGES };

/**
 * Every fixed text the spec names, verbatim: toasts, validation and screen texts, as the server
 * answers with them. Each area's texts are a table of their own (messages/), and the web imports
 * its area's table, so a storefront page does not download the seller's and the agents' words.
 */
// (A call marked pure, not an object spread, which bundlers keep even where nothing reads it.)
export const MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  SHOP_MESSAGES,
  PROMISE_MESSAGES,
  SELLER_MESSAGES,
  AGENT_MESSAGES,
);

/** Toast policy: at most 20 on screen; errors and plain toasts 4 s, success toasts 2 s. */
export const TOASTS = { max: 20, errorMs: 4000, blankMs: 4000, successMs: 2000 } as const;
