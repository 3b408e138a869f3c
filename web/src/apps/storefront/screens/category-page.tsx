import { SHOP_MESSAGES, categoryHref, type CategoryDto } from '@kirana/shared';
import {
  useQueryErrorResetBoundary,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../common/ui/empty-state';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { useCartControls } from './use-cart-controls';
import { NextPageLink } from '../features/products/components/next-page-link';
import { ProductGrid, ProductGridSkeleton } from '../features/products/components/product-grid';
import {
  categoryOf,
  categoryQueries,
  pageOf,
  productQueries,
} from '../../../common/catalogue/queries';

/** Where a shopper goes from a category with nothing to show. */
const ALL_PRODUCTS = { to: '/products', label: 'See all products' };

/**
 * `/products/{category}`: the category's in-stock products a page at a time, from the page its
 * `?page=N` link names; scrolling loads the next pages, and real links to them work without
 * scripts (and let search engines see every product).
 */
export function CategoryPage() {
  const { category: path = '' } = useParams();
  const { reset } = useQueryErrorResetBoundary();
  return (
    <section className="container section" aria-labelledby="category-heading">
      <LoadBoundary onRetry={reset} fallback={<ProductGridSkeleton />}>
        <CategoryScreen path={path} />
      </LoadBoundary>
    </section>
  );
}

function CategoryScreen({ path }: { path: string }) {
  const { data: categories } = useSuspenseQuery(categoryQueries.shown());
  const category = categoryOf(categories, path);
  // A category the shop does not have (a mistyped or old link): said so, never its slug as a title.
  if (!category) {
    return (
      <>
        <div className="page-head">
          <h1 id="category-heading">Category not found</h1>
        </div>
        <EmptyState message={SHOP_MESSAGES.noProductsInCategory} onward={ALL_PRODUCTS} />
      </>
    );
  }
  return (
    <>
      <div className="page-head">
        <h1 id="category-heading">{category.text}</h1>
      </div>
      <CategoryProducts category={category} />
    </>
  );
}

function CategoryProducts({ category }: { category: CategoryDto }) {
  const [search] = useSearchParams();
  const first = pageOf(search);
  const { data, hasNextPage, fetchNextPage, isFetching, isFetchingNextPage, isFetchNextPageError } =
    useSuspenseInfiniteQuery(
      productQueries.pages({ category: category.path, inStock: true }, first),
    );
  const cart = useCartControls();
  const more = useRef<HTMLAnchorElement>(null);
  // The link to the next page, scrolled near: its products join these, the address stays. Not
  // watched while the list is fetched (a refresh of it, or the next page), and again once that
  // ends, so that neither cancels the other; after a failed next page, its link asks again.
  const watching = hasNextPage && !isFetching && !isFetchNextPageError;
  useEffect(() => {
    const link = more.current;
    if (!link || !watching || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(link);
    return () => observer.disconnect();
  }, [watching, fetchNextPage, data.pages.length]);

  // Sold out or archived since the page loaded: no longer offered.
  const products = data.pages
    .flatMap((page) => page.products)
    .filter((product) => product.inStock && !product.archivedAt);
  const last = first + data.pages.length - 1;
  const href = (page: number) =>
    page === 1 ? categoryHref(category) : `${categoryHref(category)}?page=${page}`;
  return (
    <>
      {first > 1 && (
        <Link to={href(first - 1)} className="section__more pager pager--previous">
          Previous page
        </Link>
      )}
      {/* The cards' names are level 3, as on every page, under this for screen readers. */}
      <h2 className="visually-hidden">Products</h2>
      <ProductGrid
        products={products}
        emptyMessage={SHOP_MESSAGES.noProductsInCategory}
        emptyOnward={ALL_PRODUCTS}
        cart={cart}
      />
      {hasNextPage && (
        <NextPageLink
          ref={more}
          to={href(last + 1)}
          label="Next page"
          onMore={() => void fetchNextPage()}
          loading={isFetchingNextPage}
        />
      )}
    </>
  );
}
