import { lowStockAt, MAX_STOCK_COUNT, type Product } from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import './stock-count-field.css';

interface StockCountFieldProps {
  product: Product;
  /** The product's stock change is on its way; the field waits for it. */
  pending: boolean;
  /** Saves the count (null: stop counting); resolves true once saved. */
  onSave: (stockCount: number | null) => Promise<boolean>;
}

/** The count as shown: empty means not counted. */
const shown = (count: number | null) => (count === null ? '' : String(count));

/** What is wrong with `text` as a count of units, or null when it is one (or empty). */
export function unitsProblem(text: string, unreadable = false): string | null {
  if (unreadable || (text !== '' && !/^\d+$/.test(text))) return 'Enter whole units, such as 12';
  if (text !== '' && Number(text) > MAX_STOCK_COUNT) return `At most ${MAX_STOCK_COUNT} units`;
  return null;
}

/**
 * The units left to sell of a product, which orders take from: typed and saved with Enter or
 * Save. Emptied, it stops counting (the in-stock switch alone then decides). A low count is
 * marked under it; a count that is not one is refused there, and the box shows the saved count
 * again once the seller leaves it (or presses Escape).
 */
export function StockCountField({ product, pending, onSave }: StockCountFieldProps) {
  // What the seller is typing, and whether the browser could read it as a number.
  const [draft, setDraft] = useState<{ text: string; unreadable: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const lowId = useId();
  const count = product.stockCount;
  const text = draft?.text ?? shown(count);
  // A draft equal to the count is no change: live updates show through it.
  const changed = draft !== null && (draft.unreadable || draft.text.trim() !== shown(count));
  const low = count !== null && count > 0 && count <= lowStockAt(product.unit) && product.inStock;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || pending || !draft) return;
    const typed = draft.text.trim();
    const wrong = unitsProblem(typed, draft.unreadable);
    setProblem(wrong);
    if (wrong) return;
    if (await onSave(typed === '' ? null : Number(typed))) setDraft(null);
  };

  return (
    <form className="seller-units" noValidate onSubmit={(event) => void submit(event)}>
      <input
        className="seller-units__input"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK_COUNT}
        step={1}
        placeholder="Not counted"
        aria-label={`${product.name}: units left to sell`}
        aria-busy={pending}
        aria-invalid={problem !== null}
        aria-describedby={
          [problem && problemId, low && lowId].filter(Boolean).join(' ') || undefined
        }
        value={text}
        onChange={(event) => {
          setProblem(null);
          setDraft({ text: event.target.value, unreadable: event.target.validity.badInput });
        }}
        onBlur={() => {
          // Left unchanged, or refused: the box shows the count as saved again.
          if (!changed || problem !== null) {
            setDraft(null);
            setProblem(null);
          }
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          setDraft(null);
          setProblem(null);
        }}
      />
      {changed && (
        <button type="submit" className="seller-units__save" aria-busy={pending}>
          Save<span className="visually-hidden"> units of {product.name}</span>
        </button>
      )}
      {low && (
        <span id={lowId} className="seller-units__low">
          Low stock
        </span>
      )}
      {problem && (
        <span id={problemId} className="seller-units__problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
