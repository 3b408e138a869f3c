import { useSetAtom } from 'jotai';
import { logInSellerAtom } from '../session/seller-session';
import { SellerLoginForm } from '../features/auth/components/seller-login-form';
import { SellerMark } from '../ui/seller-mark';
import './seller-login-page.css';

/** What every seller route shows until the seller has logged in. */
export function SellerLoginPage() {
  const logIn = useSetAtom(logInSellerAtom);
  return (
    <main className="seller-login-page">
      <title>Seller login · Kirana</title>
      <div className="seller-login-card">
        <div className="seller-login-card__brand">
          <SellerMark />
          <span>
            Kirana <span className="seller-brand__tag">Seller</span>
          </span>
        </div>
        <h1 className="seller-login-card__title">
          <span className="seller-accent">Seller</span> Login
        </h1>
        <SellerLoginForm onLogIn={logIn} />
      </div>
    </main>
  );
}
