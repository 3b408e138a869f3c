import {
  formatQuantity,
  lowStockAt,
  MAX_STOCK_COUNT,
  parseWeight,
  type Product,
  type Unit,
} from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import './stock-count-field.css';

interface StockCountFieldProps {
  product: Product;
  /** The product's stock change is on its way; the field waits for it. */
  pending: boolean;
  /** Saves the count (null: stop counting); resolves true once saved. */
  onSave: (stockCount: number | null) => Promise<boolean>;
}

/** The count as shown: empty means not counted; a loose product's as "12.5 kg", "750 g". */
const shown = (count: number | null, unit: Unit) =>
  count === null ? '' : formatQuantity(count, unit);

/** What is wrong with `text` as a count of units, or null when it is one (or empty). */
export function unitsProblem(text: string, unreadable = false): string | null {
  if (unreadable || (text !== '' && !/^\d+$/.test(text))) return 'Enter whole units, such as 12';
  if (text !== '' && Number(text) > MAX_STOCK_COUNT) return `At most ${MAX_STOCK_COUNT} units`;
  return null;
}

/** A count as typed, or why it is not one: empty is none (null). */
export type CountReading = { count: number | null; problem?: never } | { problem: string };

/**
 * What `text` counts of a product sold by `unit`: whole units; or a loose product's weight
 * (volume) as the counter reads it, "12.5" or "12.5 kg" or "750 g", in grams (ml), 0 included.
 */
export function readCount(text: string, unit: Unit, unreadable = false): CountReading {
  const typed = text.trim();
  if (unit === 'piece') {
    const problem = unitsProblem(typed, unreadable);
    return problem ? { problem } : { count: typed === '' ? null : Number(typed) };
  }
  if (typed === '') return { count: null };
  const reading = parseWeight(typed, unit);
  if (reading.ok) return { count: reading.quantity };
  // None left is a count; a weight to sell is not.
  if (reading.problem === 'not-positive' && !typed.startsWith('-')) return { count: 0 };
  return { problem: reading.message };
}

/**
 * The units left to sell of a product (a loose product's kilos or litres, typed as at the counter:
 * "12.5", "12.5 kg", "750 g"), which orders take from: typed and saved with Enter or Save. Emptied, it stops counting (the in-stock switch alone then decides). A low count is
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
  const { unit } = product;
  const loose = unit !== 'piece';
  const text = draft?.text ?? shown(count, unit);
  // A draft equal to the count is no change: live updates show through it.
  const changed = draft !== null && (draft.unreadable || draft.text.trim() !== shown(count, unit));
  const low = count !== null && count > 0 && count <= lowStockAt(product.unit) && product.inStock;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || pending || !draft) return;
    const reading = readCount(draft.text, unit, draft.unreadable);
    setProblem(reading.problem ?? null);
    if (reading.problem !== undefined) return;
    if (await onSave(reading.count)) setDraft(null);
  };

  return (
    <form className="seller-units" noValidate onSubmit={(event) => void submit(event)}>
      <input
        className="seller-units__input"
        {...(loose
          ? { type: 'text', inputMode: 'decimal', autoComplete: 'off' }
          : { type: 'number', inputMode: 'numeric', min: 0, max: MAX_STOCK_COUNT, step: 1 })}
        placeholder="Not counted"
        aria-label={`${product.name}: ${loose ? unit : 'units'} left to sell`}
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
