import {
  formatQuantity,
  ORDER_CURRENCY,
  pricePerUnitText,
  toPaise,
  type Product,
} from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FieldHint, FieldProblem } from '../../../../../common/ui/field';
import type { DrawnProduct } from '../product-form';
import { sellerProductQueries } from '../queries';
import './loose-product-picker.css';

/** Typing pauses this long before the search goes: one search per word, not per letter. */
const TYPING_PAUSE_MS = 250;
/** Matches offered at once; a longer name narrows them. */
const SHOWN = 8;

interface LooseProductPickerProps {
  id: string;
  chosen: DrawnProduct | null;
  onChoose: (product: DrawnProduct | null) => void;
  problem?: string | undefined;
}

/** A loose product as the picker offers it: its price per kilo (litre) and what is left. */
function looseLine(product: Product): string {
  const price = pricePerUnitText(toPaise(product.offerPrice), product.unit, ORDER_CURRENCY);
  const left =
    product.stockCount === null
      ? ''
      : ` · ${formatQuantity(product.stockCount, product.unit)} left`;
  return `${price}${left}`;
}

/**
 * The loose product a pack is sold from: found by a search of the shop's products sold by kg or
 * L (a page of the Product List's 'loose' filter, never the whole catalogue), chosen from its
 * first matches; once chosen it is named, with a button to choose another.
 */
export function LooseProductPicker({ id, chosen, onChoose, problem }: LooseProductPickerProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const pause = setTimeout(() => setQ(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(pause);
  }, [text]);
  const found = useQuery({
    ...sellerProductQueries.page({ q, filter: 'loose' }),
    enabled: chosen === null && q !== '',
  });
  const matches = (found.data?.products ?? []).flatMap((product) =>
    product.unit === 'piece' ? [] : [{ product, unit: product.unit }],
  );
  const described = [`${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');

  return (
    <fieldset className="seller-fieldset" aria-describedby={described}>
      <legend>
        Sold from a loose product <span className="ui-field__optional">(optional)</span>
      </legend>
      <FieldHint id={`${id}-hint`}>
        A pack of loose stock, e.g. Onion 1 kg from loose Onion: selling a pack takes what it holds
        from that product&rsquo;s stock, and the pack keeps no count of its own.
      </FieldHint>
      {chosen ? (
        <p className="seller-loose-picker__chosen">
          <span>
            Sold from <strong>{chosen.name}</strong> (by the{' '}
            {chosen.unit === 'kg' ? 'kilo' : 'litre'})
          </span>
          <button type="button" onClick={() => onChoose(null)}>
            Choose another<span className="visually-hidden"> loose product</span>
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={id} className="visually-hidden">
            Search the loose products
          </label>
          <input
            id={id}
            type="search"
            value={text}
            placeholder="Search loose products by name or SKU"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {q !== '' && found.isSuccess && (
            <ul className="seller-loose-picker__matches" aria-label="Loose products found">
              {matches.length === 0 && (
                <li className="seller-muted">No loose product matches “{q}”.</li>
              )}
              {matches.slice(0, SHOWN).map(({ product, unit }) => (
                <li key={product._id}>
                  <button
                    type="button"
                    onClick={() => {
                      // Chosen, the search is done: a form started afresh shows an empty box.
                      setText('');
                      onChoose({ id: product._id, name: product.name, unit });
                    }}
                  >
                    <span className="visually-hidden">Choose </span>
                    {product.name}
                  </button>{' '}
                  <span className="seller-muted">{looseLine(product)}</span>
                </li>
              ))}
            </ul>
          )}
          {found.isError && (
            <FieldProblem role="alert">The loose products could not be searched.</FieldProblem>
          )}
        </>
      )}
      {problem && <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>}
    </fieldset>
  );
}
