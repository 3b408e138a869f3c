import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { store } from '../lib/store';
import { Providers } from './providers';

export function App({ router }: { router: DataRouter }) {
  return (
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  );
}
