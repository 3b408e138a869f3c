import { SELLER_MESSAGES } from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { SellerLoginPage } from '../screens/seller-login-page';
import { SellerMark } from '../ui/seller-mark';
import { Spinner } from '../../../common/ui/spinner';
import { sellerAuthAtom } from '../session/seller-auth';
import { sellerSessionMutations, sellerSessionQueries } from '../session/seller-session';
import { registerSellerServiceWorker } from '../service-worker';
import { useOrderFeed } from '../use-order-feed';
import { useTopOnNewScreen } from '../../../lib/use-top-on-new-screen';
import { Button } from '../../../common/ui/button';
import './seller-layout.css';

/**
 * The seller area, in a browser at /seller and inside the desktop counter app: the login form
 * until the start-up check (or a login) says the seller is in, then the sidebar layout.
 */
export function SellerLayout() {
  const auth = useAtomValue(sellerAuthAtom);
  useQuery(sellerSessionQueries.check());
  // Registered on the login form too: the next reload then opens without the server.
  useEffect(registerSellerServiceWorker, []);

  if (auth === 'unknown') {
    return (
      <div className="seller-app">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  return <div className="seller-app">{auth === 'in' ? <SellerShell /> : <SellerLoginPage />}</div>;
}

interface SideLink {
  to: string;
  label: string;
  icon: ReactNode;
}

const SIDE_LINKS: readonly SideLink[] = [
  { to: '/seller', label: 'Add Product', icon: <path d="M12 5v14M5 12h14" /> },
  {
    to: '/seller/product-list',
    label: 'Product List',
    icon: <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  },
  {
    to: '/seller/categories',
    label: 'Categories',
    icon: (
      <>
        <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
        <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
        <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
        <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
      </>
    ),
  },
  {
    to: '/seller/import',
    label: 'Import',
    icon: <path d="M12 3v12M7 10l5 5 5-5M4 19h16" />,
  },
  {
    to: '/seller/counter',
    label: 'Counter',
    icon: (
      <>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M7 8h4M7 12h10M2 20h20M8 16v4M16 16v4" />
      </>
    ),
  },
  {
    to: '/seller/khata',
    label: 'Khata',
    icon: (
      <path d="M6 3h11a2 2 0 0 1 2 2v16H7a2 2 0 0 1-2-2V4a1 1 0 0 1 1-1zM5 17h14M9 7h6M9 11h6" />
    ),
  },
  {
    to: '/seller/orders',
    label: 'Orders',
    icon: <path d="M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10" />,
  },
  {
    to: '/seller/agents',
    label: 'Agents',
    icon: (
      <>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
      </>
    ),
  },
  {
    to: '/seller/cash-report',
    label: 'Cash report',
    icon: (
      <>
        <rect x="2.5" y="6" width="19" height="12" rx="2" />
        <circle cx="12" cy="12" r="2.5" />
      </>
    ),
  },
  {
    to: '/seller/gst',
    label: 'GST',
    icon: <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" />,
  },
  {
    to: '/seller/dashboard',
    label: 'Dashboard',
    icon: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  },
  {
    to: '/seller/shop',
    label: 'Shop',
    icon: (
      <>
        <path d="M3 9l1.5-5h15L21 9M3 9h18M3 9v0a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
        <path d="M5 12v8h14v-8M10 20v-5h4v5" />
      </>
    ),
  },
  {
    to: '/seller/backups',
    label: 'Backups',
    icon: (
      <>
        <ellipse cx="12" cy="6" rx="8" ry="3" />
        <path d="M4 6v12c0 1.66 3.58 3 8 3s8-1.34 8-3V6M4 12c0 1.66 3.58 3 8 3s8-1.34 8-3" />
      </>
    ),
  },
];

/** The logged-in seller's frame: header with greeting and Logout, sidebar, and the screen. */
function SellerShell() {
  const logOut = useMutation(sellerSessionMutations.logOut());
  const { pathname, search } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // New orders keep arriving (and alerting the desktop app) whichever screen is open.
  useOrderFeed();
  // Another screen, or another page of the Product List, starts at its top.
  useTopOnNewScreen(`${pathname}${search}`);

  // After moving to another screen, the screen itself takes the focus, as after a page load.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="seller-shell">
      <header className="seller-header">
        <Link to="/seller" className="seller-brand">
          <SellerMark />
          <span className="seller-brand__name">Kirana</span>
          <span className="seller-brand__tag">Seller</span>
        </Link>
        <div className="seller-header__end">
          <p className="seller-header__greeting">{SELLER_MESSAGES.sellerGreeting}</p>
          <Button
            type="button"
            look="seller"
            variant="secondary"
            size="small"
            onClick={() => logOut.mutate()}
          >
            Logout
          </Button>
        </div>
      </header>
      <div className="seller-body">
        <nav className="seller-nav" aria-label="Seller">
          <ul>
            {SIDE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="seller-nav__link">
                  <svg
                    className="seller-nav__icon"
                    viewBox="0 0 24 24"
                    width="22"
                    height="22"
                    aria-hidden="true"
                    focusable="false"
                  >
                    {link.icon}
                  </svg>
                  <span className="seller-nav__label">{link.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main ref={main} id="seller-main" className="seller-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
