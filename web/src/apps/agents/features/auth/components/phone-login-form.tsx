import { t } from '@lingui/core/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { phoneRequiredText } from '../../../session/session';
import { PendingButton } from '../../../ui/pending-button';
import './phone-login-form.css';

interface PhoneLoginFormProps {
  /** Resolves once the login has been answered, whatever the answer. */
  onLogin: (phone: string) => Promise<unknown>;
  /** The number to start with, e.g. the one this phone was just paired for. */
  initialPhone?: string;
}

/** The agent's login: one big phone field and one button. */
export function PhoneLoginForm({ onLogin, initialPhone = '' }: PhoneLoginFormProps) {
  const [phone, setPhone] = useState(initialPhone);
  const [pending, setPending] = useState(false);
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setMissing(phone.trim() === '');
    if (phone.trim() === '') input.current?.focus();
    setPending(true);
    try {
      await onLogin(phone);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="agent-login-form" noValidate onSubmit={(event) => void submit(event)}>
      <label className="agent-field">
        <span className="agent-field__label">{t`Phone number`}</span>
        <input
          ref={input}
          className="agent-field__input"
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          enterKeyHint="go"
          placeholder="98765 43210"
          value={phone}
          aria-invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => {
            setPhone(event.target.value);
            if (missing) setMissing(false);
          }}
        />
      </label>
      {missing && (
        <p id={errorId} className="agent-field__error">
          {phoneRequiredText()}
        </p>
      )}
      <PendingButton type="submit" pending={pending} pendingLabel={t`Logging in…`}>
        {t`Login`}
      </PendingButton>
    </form>
  );
}
