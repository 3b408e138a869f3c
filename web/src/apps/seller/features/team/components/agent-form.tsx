import { useRef, useState, type FormEvent } from 'react';
import type { AddAgentResult, AgentFormValues } from '../agent-form';
import { Button } from '../../../../../common/ui/button';
import '../../../ui/seller-form.css';
import './agent-form.css';

interface AgentFormProps {
  /** Resolves how it went; a field named in a refusal gets the focus. */
  onAdd: (values: AgentFormValues) => Promise<AddAgentResult>;
}

const EMPTY: AgentFormValues = { name: '', phone: '' };

/** Adds a delivery agent by name and phone number. */
export function AgentForm({ onAdd }: AgentFormProps) {
  const [values, setValues] = useState<AgentFormValues>(EMPTY);
  const [invalid, setInvalid] = useState<keyof AgentFormValues | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await onAdd(values);
      if (result.ok) {
        setValues(EMPTY);
        setInvalid(null);
        nameRef.current?.focus();
      } else if (result.field) {
        setInvalid(result.field);
        (result.field === 'name' ? nameRef : phoneRef).current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    // Checked by the shop's own rule ('All fields required'), not the browser's bubbles.
    <form className="seller-agent-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <div className="seller-field">
        <label htmlFor="agent-name">Name</label>
        <input
          ref={nameRef}
          id="agent-name"
          autoComplete="off"
          maxLength={100}
          value={values.name}
          aria-invalid={invalid === 'name' || undefined}
          onChange={(event) => {
            setValues((current) => ({ ...current, name: event.target.value }));
            if (invalid === 'name') setInvalid(null);
          }}
        />
      </div>
      <div className="seller-field">
        <label htmlFor="agent-phone">Phone</label>
        <input
          ref={phoneRef}
          id="agent-phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={32}
          placeholder="e.g. 98765 43210"
          value={values.phone}
          aria-invalid={invalid === 'phone' || undefined}
          onChange={(event) => {
            setValues((current) => ({ ...current, phone: event.target.value }));
            if (invalid === 'phone') setInvalid(null);
          }}
        />
      </div>
      <Button type="submit" look="seller" className="seller-agent-form__submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add agent'}
      </Button>
    </form>
  );
}
