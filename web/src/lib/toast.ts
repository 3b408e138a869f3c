import { TOASTS } from '@kirana/shared';
import { enqueueSnackbar } from 'notistack';

/** Shows the spec's toasts (durations in `TOASTS`); callable from atoms and handlers alike. */
export const toast = {
  success: (message: string) =>
    enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOASTS.successMs }),
  error: (message: string) =>
    enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOASTS.errorMs }),
};
