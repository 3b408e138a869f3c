import { MESSAGES, categoryByPath } from '@kirana/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadBoundary } from '../../components/ui/load-boundary';
import { useCartControls } from '../../features/cart/atoms/use-cart-controls';
import { productsAtom } from '../../features/products/atoms/products';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid';
import { productsInCategory } from '../../features/products/product-filters';

/** Where a shopper goes from a category with nothing to show. */
const ALL_PRODUCTS = { to: '/products', label: 'See all products' };

/** `/products/{category}`: the in-stock products of one category, compared in lower case. */
export function CategoryPage() {
  const { category: path = '' } = useParams();
  const refetchProducts = useSetAtom(productsAtom);
  const category = categoryByPath(path);

  // A category the shop does not have (a mistyped or old link): said so, never its slug as a title.
  if (!category) {
    return (
      <section className="container section" aria-labelledby="category-heading">
        <div className="page-head">
          <h1 id="category-heading">Category not found</h1>
        </div>
        <EmptyState message={MESSAGES.noProductsInCategory} onward={ALL_PRODUCTS} />
      </section>
    );
  }
  return (
    <section className="container section" aria-labelledby="category-heading">
      <div className="page-head">
        <h1 id="category-heading">{category.text}</h1>
      </div>
      <LoadBoundary onRetry={() => refetchProducts()} fallback={<ProductGridSkeleton />}>
        <CategoryProducts path={path} />
      </LoadBoundary>
    </section>
  );
}

function CategoryProducts({ path }: { path: string }) {
  const products = useAtomValue(productsAtom);
  const cart = useCartControls();
  return (
    <ProductGrid
      products={productsInCategory(products, path)}
      emptyMessage={MESSAGES.noProductsInCategory}
      emptyOnward={ALL_PRODUCTS}
      cart={cart}
    />
  );
}
