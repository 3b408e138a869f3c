import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { checkShopperAuth } from '../session/session';
import { authCheckedAtom, loginDialogAtom, userAtom } from '../session/user';
import { useHydrated, useHydrationSettled } from '../../../lib/use-hydrated';
import { useTopOnNewScreen } from '../../../lib/use-top-on-new-screen';
import { ShopFooter } from './shop-footer';
import { ShopHeader } from './shop-header';
import './shop-layout.css';

const LoginDialogHost = lazy(() => import('./login-dialog-host'));
// Said once the shop is known (a call after the page has painted, in the browser only): not in
// the first load, nor in the server's rendering.
const ShopClosedBanner = lazy(async () => ({
  default: (await import('../features/shop-terms/components/shop-closed-banner')).ShopClosedBanner,
}));
// The live stream: opened once the page is settled (see below), so not part of the first load.
const ShopLiveUpdates = lazy(async () => ({
  default: (await import('../live-feed')).ShopLiveUpdates,
}));
// Keeps the head right as the shopper moves between pages; the server wrote the first page's, so
// it is not part of the first load either.
const DocumentHead = lazy(async () => ({
  default: (await import('../features/seo/document-head')).DocumentHead,
}));

/**
 * The storefront: nav above and footer below every shopper screen; checks the login at start-up
 * and keeps the catalogue and the shopper's orders live.
 */
export function ShopLayout() {
  const store = useStore();
  const client = useQueryClient();
  const loginMode = useAtomValue(loginDialogAtom);
  const authChecked = useAtomValue(authCheckedAtom);
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const settled = useHydrationSettled();
  // Once opened, the dialog stays mounted so that closing it can hand focus back.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (loginMode !== null && !dialogWanted) setDialogWanted(true);

  useEffect(() => {
    void checkShopperAuth(store, client);
  }, [store, client]);

  useTopOnNewScreen(pathname);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ShopHeader />
      {hydrated && (
        <Suspense fallback={null}>
          <ShopClosedBanner />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="shop-main">
        <Outlet />
      </main>
      <ShopFooter />
      {hydrated && (
        <Suspense fallback={null}>
          <DocumentHead />
        </Suspense>
      )}
      {/* Opened once the start-up check has said who is logged in and the page is all React's (a
          live change before then would meet markup still the server's), and again at each login
          and logout. */}
      {authChecked && settled && (
        <Suspense fallback={null}>
          <ShopLiveUpdates session={user?._id ?? null} />
        </Suspense>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <LoginDialogHost />
        </Suspense>
      )}
    </>
  );
}
