import { Provider as JotaiProvider, type createStore } from 'jotai';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toasterStore } from '../lib/toast';

const Toaster = lazy(() => import('./toaster'));

interface ProvidersProps {
  /** The app's jotai store: lib/store.ts's in the browser, one per page on the server. */
  store: ReturnType<typeof createStore>;
  children: ReactNode;
}

export function Providers({ store, children }: ProvidersProps) {
  const toasterWanted = useSyncExternalStore(
    toasterStore.subscribe,
    toasterStore.isWanted,
    // Nothing to toast in a page rendered on the server.
    () => false,
  );
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
