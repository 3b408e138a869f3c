import type { ConnectResult } from '../ipc-contract.js';

/** The part of `fetch` the check uses; Electron's `net.fetch` in the app, a fake in tests. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export const READY_TIMEOUT_MS = 5_000;

/**
 * Asks `<origin>/readyz` whether the Kirana server there can serve: it answers 200
 * `{ success: true }` when its database answers. Never throws; a failure says why in words
 * the seller can act on.
 */
export async function checkServer(
  origin: string,
  fetch: Fetch,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<ConnectResult> {
  let response: Response;
  try {
    response = await fetch(`${origin}/readyz`, {
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
      // A redirect means the address is not the server's own origin (say http → https).
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { ok: false, message: `${origin} did not answer within ${timeoutMs / 1000} seconds` };
    }
    return { ok: false, message: `Cannot reach ${origin}` };
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    const location = response.headers.get('location');
    return {
      ok: false,
      message: location
        ? `${origin} redirects to ${location}: enter that address instead`
        : `${origin} answered with a redirect`,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: `${origin} does not answer like a Kirana server` };
  }
  if (response.ok && isSuccess(body)) return { ok: true, server: origin };
  if (response.status === 503) {
    return {
      ok: false,
      message: `The Kirana server at ${origin} is not ready yet (${messageOf(body)})`,
    };
  }
  return { ok: false, message: `${origin} does not answer like a Kirana server` };
}

function isSuccess(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'success' in body && body.success === true;
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    return String(body.message);
  }
  return 'service unavailable';
}
