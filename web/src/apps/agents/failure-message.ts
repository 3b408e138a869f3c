import { i18n } from '@lingui/core';
import { ApiError, serverMessage } from '../../lib/api-client';
import { errorText } from './i18n/error-texts';

/**
 * What a toast says about a failed call: the app's words for the answer's code, in the agent's
 * language (i18n/error-texts.ts); for a code it has no words for, the server's message in English
 * or `rejected` in another language; `rejected` when the server answered without a message,
 * `failed` when it could not be reached or the call broke.
 */
export function failureText(error: unknown, texts: { rejected: string; failed: string }): string {
  const code = errorCodeOf(error);
  const words = error instanceof ApiError ? errorText(code, error.triesLeft) : undefined;
  if (words) return words;
  const message = serverMessage(error);
  if (message) return i18n.locale === 'en' ? message : texts.rejected;
  return error instanceof ApiError && error.status !== 0 ? texts.rejected : texts.failed;
}

/** The code of a failed call's error answer, or undefined when it had none. */
export const errorCodeOf = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;

export { isUnreachable } from '../../lib/api-client';

/**
 * Whether the login was refused because this phone is not paired with the agent: the shop must
 * invite it.
 */
export const isNotPaired = (error: unknown): boolean =>
  ['NOT_PAIRED', 'PAIRED_TO_ANOTHER'].includes(errorCodeOf(error) ?? '');

/** Whether the agent's session has ended: logged out elsewhere, or removed by the seller. */
export const isSessionLost = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/**
 * Whether the server refused because the order is not as this screen shows it any more: taken
 * by another agent or moved on (409), no longer this agent's (403), or gone (404).
 */
export const isStale = (error: unknown): boolean =>
  error instanceof ApiError && [403, 404, 409].includes(error.status);
