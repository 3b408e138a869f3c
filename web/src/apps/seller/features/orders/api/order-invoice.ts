import { serverUrl } from '../../../../../lib/server-origin';

/** `GET /api/order/{id}/invoice`: the order's invoice as a printable page (docs/gst.md#documents). */
export const orderInvoiceUrl = (orderId: string): string =>
  serverUrl(`/api/order/${encodeURIComponent(orderId)}/invoice`);
