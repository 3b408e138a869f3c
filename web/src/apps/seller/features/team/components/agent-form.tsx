import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { AddAgentResult, AgentFormValues } from '../agent-form';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import './agent-form.css';

interface AgentFormProps {
  /** Resolves how it went; a field named in a refusal gets the focus. */
  onAdd: (values: AgentFormValues) => Promise<AddAgentResult>;
  /** While the agent is being added. */
  busy: boolean;
}

const EMPTY: AgentFormValues = { name: '', phone: '' };

/** Adds a delivery agent by name and phone number. */
export function AgentForm({ onAdd, busy }: AgentFormProps) {
  const [values, setValues] = useState<AgentFormValues>(EMPTY);
  const [invalid, setInvalid] = useState<keyof AgentFormValues | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  /** The box of `field`: what was typed (it is no longer at fault), or a refusal names it. */
  const typed = (field: keyof AgentFormValues) => ({
    ref: field === 'name' ? nameRef : phoneRef,
    autoComplete: 'off',
    value: values[field],
    'aria-invalid': invalid === field || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      if (invalid === field) setInvalid(null);
    },
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const result = await onAdd(values);
    if (result.ok) {
      setValues(EMPTY);
      setInvalid(null);
      nameRef.current?.focus();
    } else if (result.field) {
      setInvalid(result.field);
      (result.field === 'name' ? nameRef : phoneRef).current?.focus();
    }
  }

  return (
    // Checked by the shop's own rule ('All fields required'), not the browser's bubbles.
    <form className="seller-agent-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <Field id="agent-name" label="Name">
        {(control) => <input {...control} {...typed('name')} maxLength={100} />}
      </Field>
      <Field id="agent-phone" label="Phone">
        {(control) => (
          <input
            {...control}
            {...typed('phone')}
            type="tel"
            inputMode="tel"
            maxLength={32}
            placeholder="e.g. 98765 43210"
          />
        )}
      </Field>
      <Button type="submit" look="seller" className="seller-agent-form__submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add agent'}
      </Button>
    </form>
  );
}
