/*
 * The payment window's own texts, beyond the spec's. A module of their own, so that a screen
 * can say them without loading the Checkout code (the agents' first load stays small).
 */

export const CHECKOUT_SCRIPT_FAILED =
  'The payment window could not be loaded. Check your connection and try again.';
export const CHECKOUT_SCRIPT_BROKEN = 'The payment window did not start. Please try again later.';
export const PAYMENTS_UNAVAILABLE =
  'Online payment could not be started. Check your connection and try again.';
