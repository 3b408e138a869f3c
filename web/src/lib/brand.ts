/** The brand's green: the pages' `theme-color` and the storefront's `--color-primary`. */
export const BRAND_COLOR = '#15803d';

/**
 * The store's logo as a file the web app serves (web/public): the favicon's basket on green,
 * 256 px square, for places that need a picture by URL, such as the payment window.
 */
export const STORE_LOGO_PATH = '/logo.png';
