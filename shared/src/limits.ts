/** The shop's fixed numbers from the spec's business constants. */
export const BEST_SELLERS_COUNT = 5;
export const RELATED_COUNT = 5;
export const MAX_PRODUCT_IMAGES = 4;
export const AGENT_POLL_MS = 30_000;
/** The cart's quantity dropdown offers 1 to this, or up to the current quantity when higher. */
export const CART_QUANTITY_OPTIONS = 9;
/** Distinct products in one cart or order; keeps request bodies and order rows bounded. */
export const MAX_ORDER_LINES = 100;
/** Every product shows this fixed rating, out of 5 stars. */
export const DISPLAY_RATING = 4;
/** Each uploaded picture: at most this many bytes (the server refuses more with a 413). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The picture formats the server takes; it checks the bytes, browsers' choosers are told these. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** A product's counted stock: at most this many units. */
export const MAX_STOCK_COUNT = 1_000_000;
/** At or below this many units left, the seller's Product List marks a counted product low. */
export const LOW_STOCK_UNITS = 5;
