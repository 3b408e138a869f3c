import type { KhataCustomerBody } from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../../../lib/api-client';
import { Button } from '../../../../../common/ui/button';
import { Field, FieldProblem } from '../../../../../common/ui/field';
import {
  checkCustomerForm,
  fieldOfRefusal,
  type KhataCustomerField,
  type KhataCustomerProblems,
  type KhataCustomerValues,
} from '../customer-form';
import { khataQueries } from '../queries';
import '../../../ui/seller-form.css';
import './customer-form.css';

interface CustomerFormProps {
  initial: KhataCustomerValues;
  /** Sends the body; rejects with the server's refusal, which the form says under its field. */
  onSave: (body: KhataCustomerBody) => Promise<unknown>;
  busy: boolean;
  submitLabel: string;
  /** Beside the submit button: Cancel in a dialog. */
  extra?: ReactNode;
}

/** The fewest letters of a name or an email the shopper search waits for. */
const SHOPPER_SEARCH_MIN = 2;

/**
 * A khata customer's details: name, phone, credit limit (0: no credit), note, and the shopper
 * account it is (its orders may go on the khata). Checked by the contract before sending; what is
 * wrong, here or by the server, is said under its field, which takes the focus.
 */
export function CustomerForm({ initial, onSave, busy, submitLabel, extra }: CustomerFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<KhataCustomerProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const fieldId = (field: KhataCustomerField) => `${id}-${field}`;

  const showProblems = (found: KhataCustomerProblems) => {
    setProblems(found);
    const first = (['name', 'phone', 'creditLimit', 'note', 'shopper'] as const).find(
      (field) => found[field],
    );
    if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  };

  const typed = (field: 'name' | 'phone' | 'creditLimit' | 'note') => ({
    value: values[field],
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setProblems((current) => ({ ...current, [field]: undefined }));
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const check = checkCustomerForm(values);
    if (!check.ok) {
      showProblems(check.problems);
      return;
    }
    setProblems({});
    try {
      await onSave(check.body);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const field = fieldOfRefusal(error.code, error.message);
      if (field) showProblems({ [field]: error.message });
      else if (error.code === 'INVALID') setRefusal(error.message);
    }
  }

  return (
    <form
      ref={form}
      className="seller-form khata-customer-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={busy}
    >
      <Field id={fieldId('name')} label="Name" problem={problems.name}>
        {(control) => <input {...control} {...typed('name')} maxLength={100} />}
      </Field>
      <Field id={fieldId('phone')} label="Phone" problem={problems.phone}>
        {(control) => (
          <input
            {...control}
            {...typed('phone')}
            type="tel"
            inputMode="tel"
            maxLength={20}
            placeholder="e.g. 98765 43210"
          />
        )}
      </Field>
      <Field
        id={fieldId('creditLimit')}
        label="Credit limit (₹)"
        hint="0: no credit, only payments"
        problem={problems.creditLimit}
      >
        {(control) => <input {...control} {...typed('creditLimit')} inputMode="decimal" />}
      </Field>
      <Field id={fieldId('note')} label="Note" optional problem={problems.note}>
        {(control) => <textarea {...control} {...typed('note')} maxLength={500} rows={2} />}
      </Field>
      <ShopperLink
        id={fieldId('shopper')}
        shopper={values.shopper}
        problem={problems.shopper}
        onChange={(shopper) => {
          setValues((current) => ({ ...current, shopper }));
          setProblems((current) => ({ ...current, shopper: undefined }));
        }}
      />
      {refusal && <FieldProblem role="alert">{refusal}</FieldProblem>}
      <div className="khata-customer-form__actions">
        <Button type="submit" look="seller" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}

interface ShopperLinkProps {
  id: string;
  shopper: KhataCustomerValues['shopper'];
  problem: string | undefined;
  onChange: (shopper: KhataCustomerValues['shopper']) => void;
}

/** The shopper account linked to the customer, found by email or name; Unlink takes it off. */
function ShopperLink({ id, shopper, problem, onChange }: ShopperLinkProps) {
  const [q, setQ] = useState('');
  const asked = q.trim();
  const found = useQuery({
    ...khataQueries.shoppers(asked),
    enabled: shopper === null && asked.length >= SHOPPER_SEARCH_MIN,
  });

  if (shopper)
    return (
      <div className="ui-field">
        <span className="khata-customer-form__label">Shopper account</span>
        <p className="khata-customer-form__linked">
          <span>
            {shopper.name} · {shopper.email}
          </span>
          <Button
            type="button"
            look="seller"
            variant="secondary"
            size="small"
            onClick={() => onChange(null)}
          >
            Unlink
          </Button>
        </p>
        {problem && <FieldProblem>{problem}</FieldProblem>}
      </div>
    );
  return (
    <Field
      id={id}
      label="Link a shopper account"
      optional
      hint="Search by email or name: the shopper's orders may then go on this khata"
      problem={problem}
    >
      {(control) => (
        <>
          <input
            {...control}
            type="search"
            autoComplete="off"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          {asked.length >= SHOPPER_SEARCH_MIN && found.data && (
            <ul className="khata-customer-form__shoppers" aria-label="Shopper accounts found">
              {found.data.length === 0 ? (
                <li className="seller-muted">No shopper account matches.</li>
              ) : (
                found.data.map((account) => (
                  <li key={account._id}>
                    <Button
                      type="button"
                      variant="link"
                      onClick={() => {
                        onChange(account);
                        setQ('');
                      }}
                    >
                      {account.name} · {account.email}
                    </Button>
                  </li>
                ))
              )}
            </ul>
          )}
        </>
      )}
    </Field>
  );
}
