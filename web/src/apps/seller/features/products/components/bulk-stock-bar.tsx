import { MAX_STOCK_COUNT } from '@kirana/shared';
import { useId, useState } from 'react';
import type { StockChange } from '../mutations';
import { unitsProblem } from './stock-count-field';
import { Button } from '../../../../../common/ui/button';
import { FieldProblem } from '../../../../../common/ui/field';
import './bulk-stock-bar.css';

interface BulkStockBarProps {
  /** How many products are selected. */
  count: number;
  /**
   * Whether each selected product keeps a count of pieces: a loose product's count is grams and
   * a pack's is its loose product's, so one number of units cannot be theirs.
   */
  piecesOnly: boolean;
  busy: boolean;
  /** Resolves true once saved for every selected product. */
  onChange: (change: StockChange) => Promise<boolean>;
  onClear: () => void;
}

/**
 * Over the Product List while products are selected: one stock change for all of them (in stock,
 * out of stock, or a count of units each), all or none.
 */
export function BulkStockBar({ count, piecesOnly, busy, onChange, onClear }: BulkStockBarProps) {
  const [units, setUnits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const setCount = async () => {
    const typed = units.trim();
    // Empty is no count here (counting stops on a product's own row).
    const wrong = piecesOnly
      ? unitsProblem(typed, typed === '')
      : 'Loose products and packs drawing from them are counted on their own rows';
    setProblem(wrong);
    if (!wrong && (await onChange({ stockCount: Number(typed) }))) setUnits('');
  };

  return (
    <section className="seller-bulk" aria-label="Selected products" aria-busy={busy}>
      <p className="seller-bulk__count" role="status">
        {count} selected
      </p>
      <Button
        type="button"
        look="seller"
        size="small"
        disabled={busy}
        onClick={() => void onChange({ inStock: true })}
      >
        Mark in stock
      </Button>
      <Button
        type="button"
        look="seller"
        variant="secondary"
        size="small"
        disabled={busy}
        onClick={() => void onChange({ inStock: false })}
      >
        Mark out of stock
      </Button>
      <form
        className="seller-bulk__units"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void setCount();
        }}
      >
        <label htmlFor={`${id}-units`}>Units left, each</label>
        <input
          id={`${id}-units`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK_COUNT}
          step={1}
          value={units}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setUnits(event.target.value)}
        />
        <Button type="submit" look="seller" size="small" disabled={busy}>
          Set units
        </Button>
        {problem && (
          <FieldProblem id={`${id}-problem`} role="alert">
            {problem}
          </FieldProblem>
        )}
      </form>
      <Button type="button" look="seller" variant="secondary" size="small" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}
