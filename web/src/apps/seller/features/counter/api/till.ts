import { counterDayAnswerSchema, counterDaysAnswerSchema, type CounterDay } from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/** `GET /api/counter/day`: the open day of the till with its figures so far, or null. */
export async function getTill(api: ApiClient, signal?: AbortSignal): Promise<CounterDay | null> {
  return (await api.get('/api/counter/day', counterDayAnswerSchema, { signal })).day;
}

/** `POST /api/counter/day/open`: the day starts with `openingFloat` rupees in the drawer. */
export async function openTill(api: ApiClient, openingFloat: number): Promise<CounterDay | null> {
  return (
    await api.post('/api/counter/day/open', counterDayAnswerSchema, { body: { openingFloat } })
  ).day;
}

/** `POST /api/counter/day/close`: the cash counted in the drawer; answers the day's figures. */
export async function closeTill(
  api: ApiClient,
  body: { countedCash: number; note?: string },
): Promise<CounterDay | null> {
  return (await api.post('/api/counter/day/close', counterDayAnswerSchema, { body })).day;
}

/** `GET /api/counter/days?date=`: the till's days that opened on the shop's day `date`. */
export async function getTillDays(
  api: ApiClient,
  date: string,
  signal?: AbortSignal,
): Promise<CounterDay[]> {
  const query = new URLSearchParams({ date });
  return (await api.get(`/api/counter/days?${query}`, counterDaysAnswerSchema, { signal })).days;
}
