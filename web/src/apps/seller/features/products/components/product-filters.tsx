import { SELLER_PRODUCT_FILTERS, type CategoryDto, type SellerProductFilter } from '@kirana/shared';
import { useId } from 'react';
import { Field } from '../../../../../common/ui/field';
import './product-filters.css';

/** How each filter of the Product List reads in its menu. */
export const FILTER_LABELS: Record<SellerProductFilter, string> = {
  'out-of-stock': 'Out of stock',
  'low-stock': 'Low stock',
  counted: 'Counted',
  'past-count': 'Sold past the count',
  loose: 'Sold loose (kg, L)',
  archived: 'Archived',
};

interface ProductFiltersProps {
  /** The search as typed (it follows into the address after a pause). */
  text: string;
  onText: (text: string) => void;
  category: string;
  onCategory: (category: string) => void;
  filter: SellerProductFilter | '';
  onFilter: (filter: SellerProductFilter | '') => void;
  categories: readonly CategoryDto[];
  /** Without scripts the form goes to the address of its fields. */
  onSubmit: () => void;
}

/** Above the Product List: search by name, SKU or barcode; a category; which products. */
export function ProductFilters(props: ProductFiltersProps) {
  const id = useId();
  return (
    <form
      className="seller-filters"
      role="search"
      aria-label="Products"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Field id={`${id}-q`} label="Search" className="seller-filters__search">
        {(control) => (
          <input
            {...control}
            type="search"
            name="q"
            value={props.text}
            placeholder="Name, SKU or barcode"
            autoComplete="off"
            onChange={(event) => props.onText(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-category`} label="Category">
        {(control) => (
          <select
            {...control}
            name="category"
            value={props.category}
            onChange={(event) => props.onCategory(event.target.value)}
          >
            <option value="">All categories</option>
            {props.categories.map((category) => (
              <option key={category._id} value={category.path}>
                {category.text}
                {category.hidden ? ' (hidden)' : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-filter`} label="Show">
        {(control) => (
          <select
            {...control}
            name="filter"
            value={props.filter}
            onChange={(event) => props.onFilter(event.target.value as SellerProductFilter | '')}
          >
            <option value="">All products</option>
            {SELLER_PRODUCT_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </form>
  );
}
