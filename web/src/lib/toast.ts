import { TOASTS } from '@kirana/shared';

/** A toast waiting to be shown: the spec's texts with their durations (`TOASTS`). */
export interface ToastRequest {
  message: string;
  variant: 'success' | 'error';
  autoHideDuration: number;
}

type Show = (request: ToastRequest) => void;

/*
 * notistack is loaded with the first toast, not with the page: it is ~7 kB of gzipped script
 * that a first visit rarely needs (see bench/bundle-size.mjs). Toasts asked for meanwhile wait
 * here and are shown, in order, as soon as the toaster is mounted.
 */
let show: Show | null = null;
const waiting: ToastRequest[] = [];
let toasterWanted = false;
const listeners = new Set<() => void>();

function request(toast: ToastRequest): void {
  if (show) {
    show(toast);
    return;
  }
  waiting.push(toast);
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
}

/** Shows the spec's toasts; callable from atoms and handlers alike. */
export const toast = {
  success: (message: string) =>
    request({ message, variant: 'success', autoHideDuration: TOASTS.successMs }),
  error: (message: string) =>
    request({ message, variant: 'error', autoHideDuration: TOASTS.errorMs }),
};

/** For the app's providers: whether a toast has been asked for, so the toaster must load. */
export const toasterStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: (): boolean => toasterWanted,
};

/** For the toaster once mounted: shows what waited, then every later toast at once. */
export function attachToaster(next: Show): () => void {
  show = next;
  for (const toast of waiting.splice(0)) next(toast);
  return () => {
    if (show === next) show = null;
  };
}
