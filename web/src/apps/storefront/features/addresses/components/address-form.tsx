import type { AddressInput } from '@kirana/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../../../common/ui/button';
import '../../../../../common/ui/form.css';
import './address-form.css';

interface AddressFormProps {
  /** The saved address being changed, or what the account knows for a new one. */
  initial?: Partial<AddressInput>;
  submitLabel: string;
  /** Rejects with the reason to show when saving failed. */
  onSubmit: (address: AddressInput) => Promise<void>;
  /** While the address is being saved. */
  busy: boolean;
  /** What to say under the PIN code as it is typed (whether the shop delivers there), as `id`. */
  zipcodeNote?: (zipcode: string, id: string) => ReactNode;
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
  // The shop delivers in India.
  country: 'India',
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
  /** Chosen from these, not typed. */
  options?: readonly string[];
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
    label: 'PIN code',
    autoComplete: 'postal-code',
    // A phone shows its number pad.
    inputMode: 'numeric',
    pattern: '[0-9]{6}',
    title: 'the 6 digits of the PIN code',
    half: true,
  },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'country-name',
    options: ['India'],
    half: true,
  },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/** The delivery address form; every field is required. */
export function AddressForm({
  initial = {},
  submitLabel,
  onSubmit,
  busy,
  zipcodeNote,
}: AddressFormProps) {
  // Only the form's own fields: a saved address also carries its _id.
  const [address, setAddress] = useState<AddressInput>(
    () =>
      Object.fromEntries(
        FIELDS.map(({ name }) => [name, initial[name] ?? EMPTY[name]]),
      ) as AddressInput,
  );
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    try {
      await onSubmit(address);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
  };

  return (
    <form className="form address-form" onSubmit={submit} aria-busy={busy}>
      <div className="address-form__grid">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.half ? 'field field--half' : 'field'}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            {field.options ? (
              <select
                id={`${id}-${field.name}`}
                name={field.name}
                autoComplete={field.autoComplete}
                required
                value={address[field.name]}
                onChange={(event) => setAddress({ ...address, [field.name]: event.target.value })}
              >
                {/* A saved address from elsewhere keeps its own. */}
                {[...new Set([...field.options, address[field.name]])].map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                pattern={field.pattern}
                title={field.title}
                required
                aria-describedby={
                  field.name === 'zipcode' && zipcodeNote ? `${id}-zipcode-note` : undefined
                }
                value={address[field.name]}
                onChange={(event) => setAddress({ ...address, [field.name]: event.target.value })}
              />
            )}
            {field.name === 'zipcode' &&
              zipcodeNote?.(address.zipcode.trim(), `${id}-zipcode-note`)}
          </div>
        ))}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" block size="large" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
