import { queryOptions } from '@tanstack/react-query';
import { reported } from '../../reported';
import { getGstSummary } from './api/get-gst-summary';

/* The shop's GST months, under 'seller' (a logout forgets them with the rest). */
export const gstQueries = {
  /** The month's (YYYY-MM) sales by rate, net of credit notes, and the documents issued. */
  summary: (month: string) =>
    queryOptions({
      queryKey: ['seller', 'gst', 'summary', month],
      queryFn: ({ signal }) => reported(getGstSummary(month, signal), signal),
    }),
};
