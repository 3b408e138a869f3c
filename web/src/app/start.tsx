import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '../lib/query-client';
import { App } from './app';
import { createRouter } from './router';
import { hydrateStorefront, hydrationErrors } from './storefront-state';

// The app, started by main.tsx: hydrating the page the server rendered, or rendering it.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A storefront page the server rendered comes with the answers it was rendered from.
const hydrating = hydrateStorefront(document, queryClient) && root.hasChildNodes();
const app = (router: Awaited<ReturnType<typeof createRouter>>) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

void createRouter({ hydrating }).then((router) => {
  // Hydrated as a transition: in slices that leave the phone free to answer taps meanwhile.
  if (hydrating)
    startTransition(
      () =>
        void hydrateRoot(root, app(router), {
          onRecoverableError: hydrationErrors(queryClient),
        }),
    );
  else createRoot(root).render(app(router));
  // From here React has the page: a tap on what the server rendered reaches the app (React
  // replays it once that part is hydrated). Browser tests wait for this before they tap.
  document.documentElement.dataset.appStarted = '';
});
