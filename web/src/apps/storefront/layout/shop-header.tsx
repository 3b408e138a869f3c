import { useMutation } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useId, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon, MenuIcon } from '../../../common/ui/icons';
import { shopperSessionMutations } from '../session/session';
import { loginDialogAtom, userAtom } from '../session/user';
import { ProfileMenu } from '../features/auth/components/profile-menu';
import { useCartCount } from '../features/cart/use-cart';
import { CartLink } from '../features/cart/components/cart-link';
import { SearchBox } from '../features/products/components/search-box';
import { useAddressText } from '../../../lib/use-address-text';
import { Brand } from './brand';
import { Button } from '../../../common/ui/button';
import './shop-header.css';

const ALL_PRODUCTS = '/products';
/** Typing pauses this long before the results follow: one search per word, not per letter. */
const TYPING_PAUSE_MS = 250;

/** Warms the login dialog's chunk when the shopper is about to open it. */
export const preloadLoginDialog = () => import('./login-dialog-host');

/** The storefront's nav: links, search, cart and the shopper's account. */
export function ShopHeader() {
  const user = useAtomValue(userAtom);
  const cartCount = useCartCount();
  const [searchText, setSearchText] = useSearchText();
  const openLogin = useSetAtom(loginDialogAtom);
  const logOut = useMutation(shopperSessionMutations.logOut(useStore()));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The phone menu stays open only on the screen it was opened on.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const menuId = useId();

  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The results of `text` at /products?q= (typing on the results replaces their address). */
  const showResults = (text = searchText) => {
    clearTimeout(typing.current);
    const q = text.trim();
    void navigate(q ? `${ALL_PRODUCTS}?${new URLSearchParams({ q })}` : ALL_PRODUCTS, {
      replace: pathname === ALL_PRODUCTS,
    });
  };

  return (
    <header className="shop-header">
      <div className="container shop-header__inner">
        <Brand />
        <nav
          className="shop-nav"
          aria-label="Main"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && menuOpen) setMenuOpen(false);
          }}
        >
          <Button
            type="button"
            variant="icon"
            className="shop-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </Button>
          <ul id={menuId} className="shop-nav__links" data-open={menuOpen} role="list">
            <li>
              <NavLink to="/" end className="shop-nav__link">
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={ALL_PRODUCTS} end className="shop-nav__link">
                All Products
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className="shop-nav__link">
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>
        <SearchBox
          className="shop-header__search"
          value={searchText}
          // On the results, they follow the text; elsewhere the box suggests, Enter shows them.
          suggest={pathname !== ALL_PRODUCTS}
          onChange={(text) => {
            setSearchText(text);
            clearTimeout(typing.current);
            if (pathname === ALL_PRODUCTS) {
              typing.current = setTimeout(() => showResults(text), TYPING_PAUSE_MS);
            }
          }}
          onSubmit={() => showResults()}
        />
        <div className="shop-header__actions">
          <CartLink count={cartCount} />
          {user ? (
            <ProfileMenu
              userName={user.name}
              onLogout={async () => {
                if (
                  await logOut.mutateAsync().then(
                    () => true,
                    () => false,
                  )
                )
                  void navigate('/');
              }}
            />
          ) : (
            <Button
              type="button"
              size="small"
              onClick={() => openLogin('login')}
              onPointerEnter={preloadLoginDialog}
              onFocus={preloadLoginDialog}
            >
              Login
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The search box's text: what the shopper types, and the address's `q` on /products whenever
 * that changes by other ways (back, a "Clear the search" link, a shared link).
 */
function useSearchText(): [string, (text: string) => void] {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return useAddressText(pathname === ALL_PRODUCTS ? (params.get('q') ?? '') : '');
}
