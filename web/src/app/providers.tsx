import { Provider as JotaiProvider } from 'jotai';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { store } from '../lib/store';
import { toasterStore } from '../lib/toast';

const Toaster = lazy(() => import('./toaster'));

export function Providers({ children }: { children: ReactNode }) {
  const toasterWanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.isWanted);
  return (
    <JotaiProvider store={store}>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </JotaiProvider>
  );
}
