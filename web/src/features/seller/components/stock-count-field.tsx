import { LOW_STOCK_UNITS, MAX_STOCK_COUNT, type Product } from '@kirana/shared';
import { useState, type FormEvent } from 'react';

interface StockCountFieldProps {
  product: Product;
  /** The product's stock change is on its way; the field waits for it. */
  pending: boolean;
  /** Saves the count (null: stop counting); resolves true once saved. */
  onSave: (stockCount: number | null) => Promise<boolean>;
}

/** The count as typed: empty means not counted. */
const typed = (count: number | null) => (count === null ? '' : String(count));

/**
 * The units left of a product, which orders take from: typed and saved with Enter or Save. Empty
 * stops counting (the in-stock switch alone then decides). A low count is marked.
 */
export function StockCountField({ product, pending, onSave }: StockCountFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? typed(product.stockCount);
  const changed = draft !== null && draft.trim() !== typed(product.stockCount);
  const count = product.stockCount;
  const low = count !== null && count > 0 && count <= LOW_STOCK_UNITS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || pending) return;
    const text = value.trim();
    if (await onSave(text === '' ? null : Number(text))) setDraft(null);
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
        aria-label={`${product.name}: units left`}
        value={value}
        disabled={pending}
        onChange={(event) => setDraft(event.target.value)}
      />
      {changed && (
        <button type="submit" className="seller-units__save" disabled={pending}>
          Save<span className="visually-hidden"> units of {product.name}</span>
        </button>
      )}
      {low && <span className="seller-units__low">Low stock</span>}
    </form>
  );
}
