import { ApiError, serverMessage } from '../../lib/api-client';
import { store } from '../../lib/store';
import { toast } from '../../lib/toast';
import { sessionLostAtom } from './session/seller-auth';

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

/** Shows the login form again with the server's words, when `error` says the session has ended. */
export function tellSessionLost(error: unknown): boolean {
  if (!isSessionLost(error)) return false;
  store.set(sessionLostAtom, errorText(error));
  return true;
}

/**
 * The seller screens' one reporter of a failed change (a mutation's `onError`): a lost session
 * shows the login form again; a failure whose `code` is in `toldElsewhere` stays quiet (another
 * place says it); any other toasts the server's message, else `fallback`, else the error's text.
 */
export function reportFailure(fallback?: string, toldElsewhere: readonly string[] = []) {
  return (error: unknown): void => {
    if (tellSessionLost(error)) return;
    if (error instanceof ApiError && error.code !== undefined && toldElsewhere.includes(error.code))
      return;
    toast.error(fallback === undefined ? errorText(error) : failureMessage(error, fallback));
  };
}

/** Whether a change succeeded (its `mutateAsync`); a failure has been reported by the mutation. */
export const succeeded = (change: Promise<unknown>): Promise<boolean> =>
  change.then(
    () => true,
    () => false,
  );
