import { TOASTS } from '@kirana/shared';
import { Provider as JotaiProvider } from 'jotai';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { store } from '../lib/store';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={store}>
      <SnackbarProvider
        maxSnack={TOASTS.max}
        autoHideDuration={TOASTS.blankMs}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {children}
      </SnackbarProvider>
    </JotaiProvider>
  );
}
