import type { SellerLoginBody } from '@kirana/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../../common/ui/button';
import '../../../ui/seller-form.css';

interface SellerLoginFormProps {
  /** Resolves once the attempt has been answered (its toast says how it went). */
  onLogIn: (credentials: SellerLoginBody) => Promise<unknown>;
}

/** The seller's email and password form. */
export function SellerLoginForm({ onLogIn }: SellerLoginFormProps) {
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await onLogIn({
        email: String(data.get('email') ?? '').trim(),
        password: String(data.get('password') ?? ''),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="seller-form" onSubmit={handleSubmit} aria-busy={busy}>
      <div className="seller-field">
        <label htmlFor="seller-email">Email</label>
        <input id="seller-email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="seller-field">
        <label htmlFor="seller-password">Password</label>
        <input
          id="seller-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      <Button type="submit" look="seller" block disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
