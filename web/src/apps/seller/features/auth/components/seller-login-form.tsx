import type { SellerLoginBody } from '@kirana/shared';
import type { FormEvent } from 'react';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import '../../../ui/seller-form.css';

interface SellerLoginFormProps {
  /** Asks to log in; its mutation's toast says how it went. */
  onLogIn: (credentials: SellerLoginBody) => void;
  /** While the attempt waits for its answer. */
  busy: boolean;
}

/** The seller's email and password form. */
export function SellerLoginForm({ onLogIn, busy }: SellerLoginFormProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    onLogIn({
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
    });
  }

  return (
    <form className="seller-form" onSubmit={handleSubmit} aria-busy={busy}>
      <Field id="seller-email" label="Email">
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="username" required />
        )}
      </Field>
      <Field id="seller-password" label="Password">
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        )}
      </Field>
      <Button type="submit" look="seller" block disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
