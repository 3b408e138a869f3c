import { Link, Outlet } from 'react-router';

/** The storefront: shop header above every shopper screen. */
export function ShopLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shop-header">
        <div className="container shop-header__inner">
          <Link to="/" className="brand" aria-label="Kirana home">
            <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="8" />
              <path d="M8 13h16l-2 11H10z" fill="#fff" />
              <path
                d="M12 13l4-6 4 6"
                fill="none"
                stroke="#fff"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="brand__name">Kirana</span>
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
