import { ApiError, UNEXPECTED_ANSWER_MESSAGE } from '../../lib/api-client';

/**
 * The server's own words about a failed call (its `{ success: false, message }`), or undefined
 * when the network failed, or the answer was a bare HTTP error or one we could not read.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  if (error.message === UNEXPECTED_ANSWER_MESSAGE) return undefined;
  // The api client's own words for a non-2xx answer that carried no message.
  if (error.message === `The store could not answer (HTTP ${error.status}).`) return undefined;
  return error.message;
}

/**
 * What a toast says about a failed call: the server's message first; else `rejected` when the
 * server did answer, `failed` when it could not be reached or the call broke.
 */
export function failureText(error: unknown, texts: { rejected: string; failed: string }): string {
  const message = serverMessage(error);
  if (message) return message;
  return error instanceof ApiError && error.status !== 0 ? texts.rejected : texts.failed;
}

/** Whether the call never reached the server (offline, or a dropped connection). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

/** Whether the agent's session has ended: logged out elsewhere, or removed by the seller. */
export const isSessionLost = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/**
 * Whether the server refused because the order is not as this screen shows it any more: taken
 * by another agent or moved on (409), no longer this agent's (403), or gone (404).
 */
export const isStale = (error: unknown): boolean =>
  error instanceof ApiError && [403, 404, 409].includes(error.status);
