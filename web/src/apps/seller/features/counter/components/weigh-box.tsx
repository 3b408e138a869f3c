import type { Product } from '@kirana/shared';
import { useId, useState } from 'react';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import { priceText } from '../money';

interface WeighBoxProps {
  /** The loose product whose weight the seller is asked for. */
  product: Product;
  /** Why the weight typed last was refused, or null. */
  problem: string | null;
  /** Enter: the weight as typed ("0.75", "750g", "1.2kg"), read by the till. */
  onWeight: (text: string) => void;
  /** Escape or Cancel: not weighed, not on the bill. */
  onDismiss: () => void;
}

/**
 * The weight of a loose product scanned or picked without a scale label: typed in kilos
 * (litres) or with its unit, taken on Enter (docs/counter.md#weighing-scale-labels). It takes the
 * focus when it opens; a refused weight stays, with the reason, to be corrected.
 */
export function WeighBox({ product, problem, onWeight, onDismiss }: WeighBoxProps) {
  const id = useId();
  const [text, setText] = useState('');
  const measure = product.unit === 'L' ? 'Volume' : 'Weight';
  const example = product.unit === 'L' ? '0.5, 500ml or 1.5L' : '0.75, 750g or 1.2kg';
  return (
    <form
      className="counter-weigh"
      aria-label={`${measure} of ${product.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onWeight(text);
      }}
    >
      <Field
        id={`${id}-weight`}
        label={`${measure} of ${product.name} (${priceText(product)})`}
        hint={`In ${product.unit === 'L' ? 'litres' : 'kilos'}, or with its unit: ${example}`}
        problem={problem ?? undefined}
      >
        {(control) => (
          <input
            {...control}
            className="counter-weigh__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            // Asked for at once: the seller types the weight the scale shows.
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onDismiss();
              }
            }}
          />
        )}
      </Field>
      <div className="counter-weigh__actions">
        <Button type="submit" look="seller" size="small">
          Add to the bill
        </Button>
        <Button type="button" look="seller" variant="secondary" size="small" onClick={onDismiss}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
