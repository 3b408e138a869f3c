import { formatQuantity, MAX_LINE_QUANTITY, type Product } from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { toast } from '../../../../../lib/toast';
import { looksLikeCode, mayPassCount, readScan } from '../bill';
import { counterQueries } from '../queries';
import { priceText } from '../money';

interface ScanBoxProps {
  /** A barcode or code was scanned or typed and Enter pressed: `quantity` of it. */
  onCode: (code: string, quantity: number) => Promise<boolean>;
  /** A suggestion was picked: `quantity` of `product`. */
  onProduct: (product: Product, quantity: number) => void;
  /** Enter on an empty box (after a sale: the next one). */
  onEmptyEnter?: () => void;
  ref?: Ref<HTMLInputElement>;
}

/** What a suggestion says of the stock: pieces, or a loose product's weight ("4.25 kg left"). */
function stockText(product: Product): string {
  if (!product.inStock) return 'out of stock';
  if (product.stockCount === null) return 'in stock';
  return `${formatQuantity(product.stockCount, product.unit)} left`;
}

/**
 * The scan box: a USB scanner types a barcode and Enter into it, as the seller may type a code;
 * a name shows suggestions to pick with the arrows and Enter (an ARIA combobox). `3*` before
 * either asks for 3 units. Keeps its text when a code is unknown, so the seller sees what was read.
 */
export function ScanBox({ onCode, onProduct, onEmptyEnter, ref }: ScanBoxProps) {
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const scan = readScan(text);
  const wanted = useDeferredValue(looksLikeCode(scan.text) ? '' : scan.text);
  const { data: suggestions = [] } = useQuery(counterQueries.suggestions(wanted));
  const shown = wanted.length >= 2 ? suggestions : [];
  const open = shown.length > 0;
  const activeProduct = open ? shown[Math.min(active, shown.length - 1)] : undefined;

  /** Whether more units were asked for than one line of a bill takes: said, and not added. */
  const tooMany = () => {
    if (scan.quantity <= MAX_LINE_QUANTITY) return false;
    toast.error(`At most ${MAX_LINE_QUANTITY} of an item on one bill`);
    return true;
  };

  const pick = (product: Product) => {
    if (tooMany()) return;
    onProduct(product, scan.quantity);
    setText('');
    setActive(0);
  };

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && open) {
      event.preventDefault();
      setActive((index) => (index + 1) % shown.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActive((index) => (index - 1 + shown.length) % shown.length);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      setText('');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (scan.text === '') return onEmptyEnter?.();
      if (tooMany()) return;
      if (looksLikeCode(scan.text) || !activeProduct) {
        // A scanner's barcode: the server knows which product has it.
        const typed = text;
        setText('');
        // Unknown: shown again, unless the next scan has begun meanwhile.
        if (!(await onCode(scan.text, scan.quantity)))
          setText((current) => (current === '' ? typed : current));
      } else pick(activeProduct);
    }
  };

  return (
    <div className="counter-scan">
      <label htmlFor={`${listId}-input`} className="counter-scan__label">
        Scan or search <kbd>F2</kbd>
      </label>
      <input
        ref={ref}
        id={`${listId}-input`}
        className="counter-scan__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        // The till's first place: a scanner types into whatever has the focus.
        autoFocus
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeProduct ? `${listId}-${activeProduct._id}` : undefined}
        aria-describedby={hintId}
        placeholder="Barcode, code or name — 3*code for three"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => void onKeyDown(event)}
      />
      <p id={hintId} className="counter-hint">
        A scanner adds the item at once. Type a name, pick with ↑ ↓ and Enter.
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Products"
        className="counter-scan__list"
        hidden={!open}
      >
        {shown.map((product) => (
          <li
            key={product._id}
            id={`${listId}-${product._id}`}
            role="option"
            aria-selected={product === activeProduct}
            // Out of stock by its count: sold past it with the seller's word, the customer
            // holding the packet.
            aria-disabled={!product.inStock && !mayPassCount(product)}
            className="counter-scan__option"
            // Picked with the pointer without taking the focus from the box.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(product);
            }}
          >
            <span className="counter-scan__name">
              {product.name}
              {product.weight && <small> · {product.weight}</small>}
            </span>
            <span className="counter-scan__meta">
              {priceText(product)} · {stockText(product)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
