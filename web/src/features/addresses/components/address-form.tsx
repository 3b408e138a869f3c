import type { AddressInput } from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';

interface AddressFormProps {
  /** The saved address being changed, or nothing for a new one. */
  initial?: AddressInput;
  submitLabel: string;
  /** Rejects with the reason to show when saving failed. */
  onSubmit: (address: AddressInput) => Promise<void>;
}

type Field = keyof AddressInput;

const EMPTY: AddressInput = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  country: '',
  phone: '',
};

interface FieldSpec {
  name: Field;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  pattern?: string;
  title?: string;
  /** Shares a row with the next field on wider screens. */
  half?: boolean;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { name: 'street', label: 'Street', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', half: true },
  {
    name: 'zipcode',
    label: 'Zip code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    pattern: '[0-9]{4,10}',
    title: '4 to 10 digits',
    half: true,
  },
  { name: 'country', label: 'Country', autoComplete: 'country-name', half: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/** The delivery address form; every field is required. */
export function AddressForm({ initial, submitLabel, onSubmit }: AddressFormProps) {
  // Only the form's own fields: a saved address also carries its _id.
  const [address, setAddress] = useState<AddressInput>(() =>
    initial
      ? (Object.fromEntries(FIELDS.map(({ name }) => [name, initial[name]])) as AddressInput)
      : EMPTY,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(address);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
      setBusy(false);
    }
  };

  return (
    <form className="form address-form" onSubmit={submit} aria-busy={busy}>
      <div className="address-form__grid">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.half ? 'field field--half' : 'field'}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              pattern={field.pattern}
              title={field.title}
              required
              value={address[field.name]}
              onChange={(event) => setAddress({ ...address, [field.name]: event.target.value })}
            />
          </div>
        ))}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--block button--large" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
