// The store's API answered at the fetch boundary, for a screen's DOM tests.
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { attachToaster } from '../lib/toast';

/** The store's answer `body` with `status`, as `fetch` resolves it. */
export const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The store's refusal, as its error middleware writes it. */
export const refusal = (status: number, code: string, message: string) =>
  answer({ success: false, code, message }, status);

/**
 * Every test of the file calls `store` for `fetch`, and hears the toasts said, in order, in
 * `toasts` (a fresh list each test); after each, the query cache is emptied.
 */
export function answeredBy(store: (url: string, init?: RequestInit) => Promise<Response>) {
  const heard = { toasts: [] as string[] };
  let detach = () => {};
  beforeEach(() => {
    heard.toasts = [];
    detach = attachToaster({
      show: (toast) => heard.toasts.push(toast.message),
      clearErrors: () => {},
    });
    vi.stubGlobal('fetch', vi.fn(store));
  });
  afterEach(() => {
    detach();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
  return heard;
}
