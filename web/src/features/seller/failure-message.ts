import { ApiError, UNEXPECTED_ANSWER_MESSAGE } from '../../lib/api-client';

/**
 * The server's own words about a failed call (its `{ success: false, message }`), or undefined
 * when the failure was the network's, a bare HTTP error page or an answer we could not read.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  if (error.message === UNEXPECTED_ANSWER_MESSAGE) return undefined;
  // The api client's own text for a non-2xx answer that carried no message.
  if (error.message === `The store could not answer (HTTP ${error.status}).`) return undefined;
  return error.message;
}

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
