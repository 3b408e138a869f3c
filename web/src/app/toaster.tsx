import { TOASTS } from '@kirana/shared';
import { SnackbarProvider, enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { attachToaster } from '../lib/toast';

/** notistack's toasts, mounted on the first `toast` call (a lazy chunk of its own). */
export default function Toaster() {
  useEffect(
    () =>
      attachToaster(({ message, variant, autoHideDuration }) => {
        enqueueSnackbar(message, { variant, autoHideDuration });
      }),
    [],
  );
  return (
    <SnackbarProvider
      maxSnack={TOASTS.max}
      autoHideDuration={TOASTS.blankMs}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
}
