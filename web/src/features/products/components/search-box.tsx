import { useId } from 'react';
import { SearchIcon } from '../../../components/ui/icons';

interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Enter in the box: show the results. */
  onSubmit: () => void;
  className?: string;
}

export function SearchBox({ value, onChange, onSubmit, className }: SearchBoxProps) {
  const id = useId();
  return (
    <form
      role="search"
      // Without scripts the form itself asks /products?q= for the results.
      action="/products"
      className={className ? `search-box ${className}` : 'search-box'}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className="search-box__input"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <SearchIcon className="search-box__icon" size={18} />
    </form>
  );
}
