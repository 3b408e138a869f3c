import type { GSTR1_TABLES } from '@kirana/shared';
import { serverUrl } from '../../../../../lib/server-origin';

/** `GET /api/gst/gstr1?month=YYYY-MM`: the month's GSTR-1 as the GST portal takes it (JSON). */
export const gstr1Url = (month: string): string =>
  serverUrl(`/api/gst/gstr1?${new URLSearchParams({ month })}`);

/** `GET /api/gst/gstr1?month=&format=csv&table=`: one GSTR-1 table as the offline tool reads it. */
export const gstr1TableUrl = (month: string, table: (typeof GSTR1_TABLES)[number]): string =>
  serverUrl(`/api/gst/gstr1?${new URLSearchParams({ month, format: 'csv', table })}`);

/** `GET /api/gst/register?month=`: the month's sales register, every document's lines (CSV). */
export const salesRegisterUrl = (month: string): string =>
  serverUrl(`/api/gst/register?${new URLSearchParams({ month })}`);
