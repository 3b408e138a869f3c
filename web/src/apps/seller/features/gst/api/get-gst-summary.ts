import { gstSummaryAnswerSchema, type GstSummaryAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/gst/summary?month=YYYY-MM`: the month's sales by rate and the documents issued. */
export function getGstSummary(month: string, signal?: AbortSignal): Promise<GstSummaryAnswer> {
  return api.get(`/api/gst/summary?${new URLSearchParams({ month })}`, gstSummaryAnswerSchema, {
    signal,
  });
}
