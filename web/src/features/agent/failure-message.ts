import { MESSAGES } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { ApiError, serverMessage } from '../../lib/api-client';
import { outsideText } from './i18n/outside-texts';

/**
 * What a toast says about a failed call: the server's message first (in another language, its
 * translation, or when the app has none the app's own words); else `rejected` when the server
 * did answer, `failed` when it could not be reached or the call broke.
 */
export function failureText(error: unknown, texts: { rejected: string; failed: string }): string {
  const message = serverMessage(error);
  if (message) {
    // The server's throttles say how long to wait, in words the app cannot translate.
    const tooMany = error instanceof ApiError && error.status === 429;
    return outsideText(
      message,
      tooMany ? t`Too many tries. Wait a few minutes, then try again.` : texts.rejected,
    );
  }
  return error instanceof ApiError && error.status !== 0 ? texts.rejected : texts.failed;
}

/** Whether the call never reached the server (offline, or a dropped connection). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

const NOT_PAIRED: readonly string[] = [MESSAGES.agentNotPaired, MESSAGES.agentPairedToAnother];

/**
 * Whether the login was refused because this phone is not paired with the agent (a 403 saying
 * so): the shop must invite it.
 */
export const isNotPaired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && NOT_PAIRED.includes(error.message);

/** Whether the agent's session has ended: logged out elsewhere, or removed by the seller. */
export const isSessionLost = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/**
 * Whether the server refused because the order is not as this screen shows it any more: taken
 * by another agent or moved on (409), no longer this agent's (403), or gone (404).
 */
export const isStale = (error: unknown): boolean =>
  error instanceof ApiError && [403, 404, 409].includes(error.status);
