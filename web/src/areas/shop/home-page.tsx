import { CATEGORIES } from '@kirana/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense } from 'react';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { CategoryTiles } from '../../features/products/components/category-tiles';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid';
import { inStockProductsAtom, productsAtom } from '../../features/products/atoms/products';

export function HomePage() {
  const refetchProducts = useSetAtom(productsAtom);

  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container">
          <h1 id="hero-heading">Fresh groceries, delivered in under 30 minutes</h1>
          <p>Vegetables, fruits, dairy, bakery and pantry staples from your neighbourhood store.</p>
        </div>
      </section>

      <section className="container section" aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <CategoryTiles categories={CATEGORIES} />
      </section>

      <section className="container section" aria-labelledby="products-heading">
        <h2 id="products-heading">Products</h2>
        <ErrorBoundary
          onRetry={() => refetchProducts()}
          fallback={(error, retry) => (
            <div className="error-state" role="alert">
              <p>{error.message}</p>
              <button type="button" className="button" onClick={retry}>
                Try again
              </button>
            </div>
          )}
        >
          <Suspense fallback={<ProductGridSkeleton />}>
            <InStockProducts />
          </Suspense>
        </ErrorBoundary>
      </section>
    </>
  );
}

function InStockProducts() {
  const products = useAtomValue(inStockProductsAtom);
  return <ProductGrid products={products} emptyMessage="No products are in stock right now." />;
}
