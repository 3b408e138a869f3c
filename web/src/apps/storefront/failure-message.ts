import { serverMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * The storefront's one reporter of a failed change (a mutation's `onError`): toasts the server's
 * message, else `fallback` (the spec's text for it), else the error's own text.
 */
export function reportFailure(fallback?: string) {
  return (error: unknown): void => {
    const own = error instanceof Error ? error.message : String(error);
    toast.error(fallback === undefined ? own : (serverMessage(error) ?? fallback));
  };
}
