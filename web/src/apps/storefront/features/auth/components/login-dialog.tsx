import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogClose } from '../../../../../common/ui/dialog';
import type { Credentials } from '../../../session/log-in';
import type { LoginMode } from '../../../session/user';
import { Button } from '../../../../../common/ui/button';
import '../../../../../common/ui/form.css';
import './login-dialog.css';

interface LoginDialogProps {
  open: boolean;
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  onClose: () => void;
  /** Rejects with the reason to show when the login or sign-up failed. */
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** While the login or sign-up waits for its answer. */
  busy: boolean;
}

const PASSWORD_MIN = 8;

/** The shopper's login and sign-up form in a modal dialog; the name is asked only to sign up. */
export function LoginDialog({
  open,
  mode,
  onModeChange,
  onClose,
  onSubmit,
  busy,
}: LoginDialogProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const fieldId = useId();
  const registering = mode === 'register';

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const switchMode = (next: LoginMode) => {
    setError(null);
    onModeChange(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    try {
      await onSubmit({ mode, name, email, password });
      setPassword('');
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
  };

  return (
    <Dialog open={open} onClose={close} labelledBy={headingId} className="login-dialog">
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <h2 id={headingId} className="login-dialog__title">
          <span className="text-primary">User</span> {registering ? 'Sign Up' : 'Login'}
        </h2>
        {registering && (
          <div className="field">
            <label htmlFor={`${fieldId}-name`}>Name</label>
            <input
              id={`${fieldId}-name`}
              name="name"
              type="text"
              autoComplete="name"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${fieldId}-email`}>Email</label>
          <input
            id={`${fieldId}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-password`}>Password</label>
          <input
            id={`${fieldId}-password`}
            name="password"
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
            required
            minLength={registering ? PASSWORD_MIN : undefined}
            aria-describedby={registering ? `${fieldId}-password-hint` : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {registering && (
            <p id={`${fieldId}-password-hint`} className="field__hint">
              At least {PASSWORD_MIN} characters.
            </p>
          )}
        </div>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block disabled={busy}>
          {registering ? 'Create Account' : 'Login'}
        </Button>
        <p className="login-dialog__switch">
          {registering ? 'Already have an account?' : 'New to Kirana?'}{' '}
          <Button
            type="button"
            variant="link"
            onClick={() => switchMode(registering ? 'login' : 'register')}
          >
            {registering ? 'Log in' : 'Create an account'}
          </Button>
        </p>
      </form>
      <DialogClose label="Close" onClick={close} />
    </Dialog>
  );
}
