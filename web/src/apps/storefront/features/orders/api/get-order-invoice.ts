import { serverUrl } from '../../../../../lib/server-origin';

/**
 * `GET /api/order/{id}/invoice`: the order's invoice as a printable page, for a link opened in a
 * new tab (the session's cookie rides along; only the order's own shopper is answered).
 */
export function orderInvoiceUrl(orderId: string): string {
  return serverUrl(`/api/order/${encodeURIComponent(orderId)}/invoice`);
}
