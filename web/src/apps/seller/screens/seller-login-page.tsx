import { useMutation } from '@tanstack/react-query';
import { sellerSessionMutations } from '../session/seller-session';
import { SellerLoginForm } from '../features/auth/components/seller-login-form';
import { SellerMark } from '../ui/seller-mark';
import './seller-login-page.css';

/** What every seller route shows until the seller has logged in. */
export function SellerLoginPage() {
  const logIn = useMutation(sellerSessionMutations.logIn());
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
        <SellerLoginForm
          onLogIn={(credentials) => logIn.mutate(credentials)}
          busy={logIn.isPending}
        />
      </div>
    </main>
  );
}
