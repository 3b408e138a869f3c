import { TOASTS } from '@kirana/shared';

/** A toast waiting to be shown: the spec's texts with their durations (`TOASTS`). */
export interface ToastRequest {
  message: string;
  variant: 'success' | 'error' | 'warning';
  autoHideDuration: number;
}

/** What the mounted toaster does. */
export interface Toaster {
  show(request: ToastRequest): void;
  /** Takes away the error toasts on screen: what they said has been answered. */
  clearErrors(): void;
}

/*
 * notistack is loaded with the first toast, not with the page: it is ~7 kB of gzipped script
 * that a first visit rarely needs (see bench/bundle-size.mjs). Toasts asked for meanwhile wait
 * here and are shown, in order, as soon as the toaster is mounted.
 */
let toaster: Toaster | null = null;
const waiting: ToastRequest[] = [];
let toasterWanted = false;
const listeners = new Set<() => void>();

function request(toast: ToastRequest): void {
  if (toaster) {
    toaster.show(toast);
    return;
  }
  if (toast.variant === 'success') clearWaitingErrors();
  waiting.push(toast);
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
}

function clearWaitingErrors(): void {
  const kept = waiting.filter((toast) => toast.variant !== 'error');
  waiting.splice(0, waiting.length, ...kept);
}

/**
 * Shows the spec's toasts; callable from atoms and handlers alike. A success takes away the
 * error toasts still on screen (a login that worked after one that did not, an agent added after
 * 'All fields required'): the error has been answered.
 */
export const toast = {
  success: (message: string) =>
    request({ message, variant: 'success', autoHideDuration: TOASTS.successMs }),
  error: (message: string) =>
    request({ message, variant: 'error', autoHideDuration: TOASTS.errorMs }),
  /** Something to act on that is not a failure (an order nobody has taken yet). */
  warning: (message: string) =>
    request({ message, variant: 'warning', autoHideDuration: TOASTS.errorMs }),
  /** For a success that says nothing (an agent logged in): the errors it answers go. */
  clearErrors: () => {
    toaster?.clearErrors();
    clearWaitingErrors();
  },
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
export function attachToaster(next: Toaster): () => void {
  toaster = next;
  for (const toast of waiting.splice(0)) next.show(toast);
  return () => {
    if (toaster === next) toaster = null;
  };
}
