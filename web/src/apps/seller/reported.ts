import { tellSessionLost } from './failure-message';

/**
 * A seller's call that failed: a lost session shows the login form again; otherwise `tell`, when
 * given, says why. Rethrows, for the screen's error state.
 */
export function reported<T>(
  call: Promise<T>,
  signal: AbortSignal,
  tell?: (error: unknown) => void,
) {
  return call.catch((error: unknown) => {
    if (signal.aborted) throw error;
    if (!tellSessionLost(error)) tell?.(error);
    throw error;
  });
}
