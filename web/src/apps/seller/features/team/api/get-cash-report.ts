import { cashReportAnswerSchema, type CashReportAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';
import { serverUrl } from '../../../../../lib/server-origin';

/** `GET /api/agents/report?date=…&format=csv`: the report as a spreadsheet file. */
export function cashReportCsvUrl(date: string): string {
  return serverUrl(`/api/agents/report?${new URLSearchParams({ date, format: 'csv' })}`);
}

/** `GET /api/agents/report?date=YYYY-MM-DD`: every agent's figures for that day. */
export function getCashReport(date: string, signal?: AbortSignal): Promise<CashReportAnswer> {
  return api.get(`/api/agents/report?${new URLSearchParams({ date })}`, cashReportAnswerSchema, {
    signal,
  });
}
