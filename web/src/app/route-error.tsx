import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../common/ui/button';
import '../apps/storefront/layout/shop-layout.css';

/** Last resort for a screen that failed to load or render, e.g. a chunk lost after a deploy. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <main className="container section message-page">
      <h1>Something went wrong</h1>
      <p>This page could not be shown ({detail}).</p>
      <Button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </main>
  );
}
