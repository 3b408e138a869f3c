import { categoryHref, type CategoryDto } from '@kirana/shared';
import {
  useQueryErrorResetBoundary,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadBoundary } from '../../components/ui/load-boundary';
import { useCartControls } from '../../features/cart/atoms/use-cart-controls';
import { NextPageLink } from '../../features/products/components/next-page-link';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid';
import { categoryQueries, pageOf, productQueries } from '../../features/products/queries';

/**
 * `/products`: a shelf of each category's first in-stock products, each with its "See all"; with
 * `?q=` (the nav's search) the in-stock products that match, best first, a page at a time.
 */
export function ProductsPage() {
  const [search] = useSearchParams();
  const { reset } = useQueryErrorResetBoundary();
  const q = search.get('q')?.trim() ?? '';
  return (
    <section className="container section" aria-labelledby="products-heading">
      <div className="page-head">
        <h1 id="products-heading">All Products</h1>
        {q && (
          <p className="page-head__note" role="status">
            Results for “{q}”
          </p>
        )}
      </div>
      <LoadBoundary onRetry={reset} fallback={<ProductGridSkeleton />}>
        {q ? <SearchResults q={q} first={pageOf(search)} /> : <Shelves />}
      </LoadBoundary>
    </section>
  );
}

function SearchResults({ q, first }: { q: string; first: number }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    productQueries.pages({ q, inStock: true }, first),
  );
  const cart = useCartControls();
  const products = data.pages.flatMap((page) => page.products);
  if (products.length === 0) {
    return (
      <EmptyState message={`No products match “${q}”.`}>
        <Link to="/products" className="button">
          Clear the search
        </Link>
      </EmptyState>
    );
  }
  const next = first + data.pages.length;
  return (
    <>
      <ProductGrid products={products} emptyMessage="" cart={cart} />
      {hasNextPage && (
        <NextPageLink
          to={`/products?${new URLSearchParams({ q, page: String(next) })}`}
          label="More results"
          onMore={() => void fetchNextPage()}
          loading={isFetchingNextPage}
        />
      )}
    </>
  );
}

function Shelves() {
  const { data: categories } = useSuspenseQuery(categoryQueries.shown());
  return categories.map((category) => <Shelf key={category.path} category={category} />);
}

/** A category's first in-stock products in one row; none in stock, no shelf. */
function Shelf({ category }: { category: CategoryDto }) {
  const { data } = useSuspenseQuery(productQueries.shelf(category.path));
  const cart = useCartControls();
  const products = data.products.filter((product) => product.inStock);
  if (products.length === 0) return null;
  const headingId = `category-${category.path.toLowerCase()}`;
  return (
    <section className="product-group" aria-labelledby={headingId}>
      <div className="section__head">
        <h2 id={headingId}>{category.text}</h2>
        <Link to={categoryHref(category)} className="section__more">
          See all<span className="visually-hidden"> {category.text}</span>
        </Link>
      </div>
      <ProductGrid products={products} emptyMessage="" cart={cart} layout="shelf" />
    </section>
  );
}
