import { ApiError, serverMessage } from '../../lib/api-client';

/** What a toast says about a failed call: the server's message, else the screen's `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** What a toast says when the spec has no fixed text: the server's message, else the error's. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether the call failed because the seller's session has ended (expired, or logged out elsewhere). */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
