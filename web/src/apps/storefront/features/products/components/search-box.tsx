import { formatAmount, productHref, SHOP_CURRENCY } from '@kirana/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../../../common/ui/icons';
import { productQueries } from '../../../../../common/catalogue/queries';
import './search-box.css';

/** Products suggested under the box. */
const SUGGESTIONS = 5;
/** Typing pauses this long before suggestions are asked: one call per word, not per letter. */
const TYPING_PAUSE_MS = 200;

interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Enter in the box (no suggestion chosen): show the results. */
  onSubmit: () => void;
  /** Suggest products as the shopper types: off where the results themselves follow the text. */
  suggest: boolean;
  className?: string;
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The nav's product search, a combobox (WAI-ARIA's list autocomplete): as the shopper types, the
 * first in-stock matches (the server's ranked search) and "See all results" under the box,
 * chosen with the arrow keys and Enter or a tap; Enter alone shows every result, Escape closes.
 */
export function SearchBox({ value, onChange, onSubmit, suggest, className }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useSettled(value.trim(), TYPING_PAUSE_MS);
  const asking = suggest && open && q !== '';
  const { data } = useQuery({
    ...productQueries.search({ q, inStock: true, limit: SUGGESTIONS }),
    enabled: asking,
    placeholderData: keepPreviousData,
  });
  const products = asking && value.trim() !== '' ? (data?.products ?? []) : [];
  const choices = [
    ...products.map((product) => ({ key: product._id, to: productHref(product) })),
    ...(products.length > 0 ? [{ key: 'all', to: '' }] : []),
  ];
  const expanded = choices.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (index: number) => {
    const choice = choices[index];
    close();
    if (!choice || choice.key === 'all') onSubmit();
    else void navigate(choice.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && expanded) {
      event.preventDefault();
      // Round from the box (-1) through the choices and back to the box.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const places = choices.length + 1;
      setActive(((active + 1 + step + places) % places) - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < choices.length) {
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <form
      role="search"
      // Without scripts the form itself asks /products?q= for the results.
      action="/products"
      className={className ? `search-box ${className}` : 'search-box'}
      onSubmit={(event) => {
        event.preventDefault();
        close();
        onSubmit();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className="search-box__input"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <SearchIcon className="search-box__icon" size={18} />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="search-box__list"
        hidden={!expanded}
      >
        {products.map((product, index) => (
          <li
            key={product._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="search-box__option"
            // Chosen before the box loses focus to the tap.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            <span className="search-box__name">{product.name}</span>
            <span className="search-box__price">
              {formatAmount(product.offerPrice, SHOP_CURRENCY)}
            </span>
          </li>
        ))}
        {expanded && (
          <li
            id={optionId(products.length)}
            role="option"
            aria-selected={active === products.length}
            className="search-box__option search-box__option--all"
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(products.length)}
          >
            See all results for “{value.trim()}”
          </li>
        )}
      </ul>
    </form>
  );
}
