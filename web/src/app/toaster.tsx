import { TOASTS } from '@kirana/shared';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { useEffect } from 'react';
import { attachToaster } from '../lib/toast';

/**
 * notistack's toasts, mounted on the first `toast` call (a lazy chunk of its own). They rise from
 * the bottom of the screen, clear of the navigation (the logo, the cart, Login) on a phone; the
 * same text twice at once shows once (three quick 'Added to Cart' are one toast); a success takes
 * away the errors on screen (lib/toast.ts).
 */
export default function Toaster() {
  useEffect(() => {
    const errors = new Set<SnackbarKey>();
    const clearErrors = () => {
      for (const key of errors) closeSnackbar(key);
      errors.clear();
    };
    return attachToaster({
      show({ message, variant, autoHideDuration }) {
        if (variant === 'success') clearErrors();
        const key = enqueueSnackbar(message, {
          variant,
          autoHideDuration,
          preventDuplicate: true,
          onExited: () => errors.delete(key),
        });
        if (variant === 'error') errors.add(key);
      },
      clearErrors,
    });
  }, []);
  return (
    <SnackbarProvider
      maxSnack={TOASTS.max}
      autoHideDuration={TOASTS.blankMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    />
  );
}
