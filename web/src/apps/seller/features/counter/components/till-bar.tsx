import { shopClockTime, type CounterDay } from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { rupees, ungrouped, RUPEES_BOX } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Panel } from '../../../ui/seller-page';
import { Field } from '../../../../../common/ui/field';

/** The day of the till is not open: the cash in the drawer starts it. */
export function OpenTillForm({ busy, onOpen }: { busy: boolean; onOpen: (float: number) => void }) {
  const id = useId();
  const [float, setFloat] = useState('');
  // '1,500' as the seller may write it.
  const typed = ungrouped(float);
  const amount = Number(typed || '0');
  const valid = Number.isFinite(amount) && amount >= 0 && /^\d*(\.\d{1,2})?$/.test(typed);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && !busy) onOpen(amount);
  };
  return (
    <Panel title="Open the day" className="counter-open" onSubmit={submit}>
      <p className="counter-hint">Count the cash in the drawer before the first sale.</p>
      <Field
        id={`${id}-float`}
        label="Cash in the drawer (₹)"
        problem={valid ? undefined : 'Rupees, such as 1500 or 1500.50'}
      >
        {(control) => (
          <input
            {...control}
            {...RUPEES_BOX}
            // The first thing the seller does at the counter.
            autoFocus
            placeholder="0"
            value={float}
            onChange={(event) => setFloat(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" look="seller" disabled={!valid} aria-busy={busy}>
        {busy ? 'Opening…' : 'Open the till'}
      </Button>
    </Panel>
  );
}

/** The open day: since when (on the shop's clock), its sales, and the cash the drawer should hold. */
export function TillBar({
  day,
  timeZone,
  onClose,
}: {
  day: CounterDay;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <div className="counter-till" aria-label="The till today">
      <p>
        Till open since {shopClockTime(new Date(day.openedAt), timeZone)} · {day.sales}{' '}
        {day.sales === 1 ? 'sale' : 'sales'} · Cash expected in the drawer:{' '}
        <strong>{rupees(day.expected)}</strong>
      </p>
      <Button type="button" look="seller" variant="secondary" size="small" onClick={onClose}>
        Close the day
      </Button>
    </div>
  );
}
