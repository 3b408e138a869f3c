import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadBoundary } from '../../components/ui/load-boundary';
import { useCartControls } from '../../features/cart/atoms/use-cart-controls';
import { categoryHref } from '@kirana/shared';
import { productsAtom, searchTextAtom } from '../../features/products/atoms/products';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid';
import { groupByCategory, searchProducts } from '../../features/products/product-filters';

/** `/products`: every in-stock product, grouped by category and filtered by the nav's search. */
export function ProductsPage() {
  const refetchProducts = useSetAtom(productsAtom);
  const searchText = useAtomValue(searchTextAtom).trim();

  return (
    <section className="container section" aria-labelledby="products-heading">
      <div className="page-head">
        <h1 id="products-heading">All Products</h1>
        {searchText && (
          <p className="page-head__note" role="status">
            Results for “{searchText}”
          </p>
        )}
      </div>
      <LoadBoundary onRetry={() => refetchProducts()} fallback={<ProductGridSkeleton />}>
        <GroupedProducts searchText={searchText} />
      </LoadBoundary>
    </section>
  );
}

function GroupedProducts({ searchText }: { searchText: string }) {
  const products = useAtomValue(productsAtom);
  const cart = useCartControls();
  const setSearchText = useSetAtom(searchTextAtom);
  const groups = groupByCategory(searchProducts(products, searchText));

  if (groups.length === 0) {
    return searchText ? (
      <EmptyState message={`No products match “${searchText}”.`}>
        <button type="button" className="button" onClick={() => setSearchText('')}>
          Clear the search
        </button>
      </EmptyState>
    ) : (
      <EmptyState message="No products are in stock right now." />
    );
  }
  return groups.map(({ category, products: inGroup }) => {
    const headingId = `category-${category.path.toLowerCase()}`;
    return (
      <section key={category.path} className="product-group" aria-labelledby={headingId}>
        <div className="section__head">
          <h2 id={headingId}>{category.text}</h2>
          <Link to={categoryHref(category)} className="section__more">
            See all<span className="visually-hidden"> {category.text}</span>
          </Link>
        </div>
        <ProductGrid products={inGroup} emptyMessage="" cart={cart} layout="shelf" />
      </section>
    );
  });
}
