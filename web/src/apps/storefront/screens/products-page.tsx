import { categoryHref, type CategoryDto } from '@kirana/shared';
import {
  useQueryClient,
  useQueryErrorResetBoundary,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../common/ui/empty-state';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { useCartControls } from './use-cart-controls';
import { NextPageLink } from '../features/products/components/next-page-link';
import { ProductGrid, ProductGridSkeleton } from '../features/products/components/product-grid';
import {
  categoryQueries,
  pageOf,
  productQueries,
  SERVER_RENDERED_SHELVES,
} from '../../../common/catalogue/queries';
import { useNearScreen } from '../../../lib/use-near-screen';
import { buttonClass } from '../../../common/ui/button';

/**
 * `/products`: a shelf of each category's first in-stock products, each with its "See all" (the
 * first few rendered on the server, the others as they scroll near); with
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
        <Link to="/products" className={buttonClass()}>
          Clear the search
        </Link>
      </EmptyState>
    );
  }
  const next = first + data.pages.length;
  return (
    <>
      {/* The cards' names are level 3, as on every page, under this for screen readers. */}
      <h2 className="visually-hidden">Results</h2>
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
  return categories.map((category, index) =>
    index < SERVER_RENDERED_SHELVES ? (
      <Shelf key={category.path} category={category} />
    ) : (
      <LaterShelf key={category.path} category={category} />
    ),
  );
}

/** A category's first in-stock products in one row; none in stock, no shelf. */
function Shelf({ category }: { category: CategoryDto }) {
  const { data } = useSuspenseQuery(productQueries.shelf(category.path));
  const cart = useCartControls();
  const products = data.products.filter((product) => product.inStock);
  if (products.length === 0) return null;
  return (
    <ShelfSection category={category}>
      <ProductGrid products={products} emptyMessage="" cart={cart} layout="shelf" />
    </ShelfSection>
  );
}

/**
 * A shelf further down the page: its heading and "See all" at once (the way on without
 * scripts), its products once it scrolls near, so the page carries a few shelves whatever the
 * number of categories.
 */
function LaterShelf({ category }: { category: CategoryDto }) {
  const client = useQueryClient();
  const { reset } = useQueryErrorResetBoundary();
  const place = useRef<HTMLDivElement>(null);
  const held = client.getQueryData(productQueries.shelf(category.path).queryKey) !== undefined;
  const near = useNearScreen(place, held);
  const waiting = (
    <ShelfSection category={category}>
      <ProductGridSkeleton count={4} />
    </ShelfSection>
  );
  if (!near) return <div ref={place}>{waiting}</div>;
  return (
    <LoadBoundary onRetry={reset} fallback={waiting}>
      <Shelf category={category} />
    </LoadBoundary>
  );
}

function ShelfSection({ category, children }: { category: CategoryDto; children: ReactNode }) {
  const headingId = `category-${category.path.toLowerCase()}`;
  return (
    <section className="product-group" aria-labelledby={headingId}>
      <div className="section__head">
        <h2 id={headingId}>{category.text}</h2>
        <Link to={categoryHref(category)} className="section__more">
          See all<span className="visually-hidden"> {category.text}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}
