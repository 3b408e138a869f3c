import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Spinner } from '../../components/ui/spinner';
import {
  loadProductsAtom,
  productsLoadStateAtom,
  sellerProductsAtom,
  setStockAtom,
  stockPendingAtom,
} from '../../features/seller/atoms/products';
import { ProductTable } from '../../features/seller/components/product-table';
import { LoadProblem } from './load-problem';

/**
 * /seller/product-list: every product, with the units left (orders take from a counted product)
 * and a switch to take it in or out of stock.
 */
export function ProductListPage() {
  const products = useAtomValue(sellerProductsAtom);
  const state = useAtomValue(productsLoadStateAtom);
  const pending = useAtomValue(stockPendingAtom);
  const load = useSetAtom(loadProductsAtom);
  const setStock = useSetAtom(setStockAtom);

  useEffect(() => {
    void load();
  }, [load]);

  const inStock = products.filter((product) => product.inStock).length;

  return (
    <div className="seller-page">
      <title>Product List · Kirana Seller</title>
      <header className="seller-page__head">
        <h1>Product List</h1>
        {state === 'ready' && (
          <p className="seller-page__note">
            {products.length} products · {inStock} in stock
          </p>
        )}
      </header>
      {state === 'failed' ? (
        <LoadProblem message="The products could not be loaded." onRetry={() => void load()} />
      ) : state !== 'ready' ? (
        <Spinner label="Loading the products…" />
      ) : products.length === 0 ? (
        <p className="seller-empty">No products yet. Add the first one under Add Product.</p>
      ) : (
        <ProductTable
          products={products}
          pendingIds={pending}
          onStockChange={(product, change) => setStock(product._id, change)}
        />
      )}
    </div>
  );
}
