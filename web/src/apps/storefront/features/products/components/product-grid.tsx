import type { Product } from '@kirana/shared';
import { EmptyState, type OnwardLink } from '../../../../../common/ui/empty-state';
import { ProductCard, type CartControls } from './product-card';
import './product-grid.css';

interface ProductGridProps {
  products: readonly Product[];
  /** Shown when `products` is empty, with where to go instead. */
  emptyMessage: string;
  emptyOnward?: OnwardLink;
  cart?: CartControls;
  /**
   * `row`: one swipeable row on phones, a grid on laptops (the home page's best sellers);
   * `shelf`: one row that scrolls sideways at every width (a category on All Products).
   */
  layout?: 'grid' | 'row' | 'shelf';
}

export function ProductGrid({
  products,
  emptyMessage,
  emptyOnward,
  cart,
  layout = 'grid',
}: ProductGridProps) {
  if (products.length === 0) return <EmptyState message={emptyMessage} onward={emptyOnward} />;
  return (
    <ul
      className={layout === 'grid' ? 'product-grid' : `product-grid product-grid--${layout}`}
      role="list"
    >
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} cart={cart} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards of the grid's shape while the catalogue loads, so nothing jumps. */
export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div className="product-grid-loading" role="status">
      <span className="visually-hidden">Loading products…</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <div className="product-card product-card--skeleton">
              <div className="product-card__media" />
              <div className="product-card__body">
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line--wide" />
                <span className="skeleton-line" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
