import { useAtomValue, useSetAtom } from 'jotai';
import type { Product } from '@kirana/shared';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import {
  archiveProductAtom,
  loadProductsAtom,
  productsLoadStateAtom,
  sellerProductsAtom,
  setStockAtom,
  stockPendingAtom,
} from '../../features/seller/atoms/products';
import { ConfirmDialog } from '../../features/seller/components/confirm-dialog';
import { ProductTable } from '../../features/seller/components/product-table';
import { LoadProblem } from './load-problem';

/**
 * /seller/product-list: every product, with the units left (orders take from a counted product)
 * and a switch to take it in or out of stock; each can be edited, or archived after confirming.
 */
export function ProductListPage() {
  const products = useAtomValue(sellerProductsAtom);
  const state = useAtomValue(productsLoadStateAtom);
  const pending = useAtomValue(stockPendingAtom);
  const load = useSetAtom(loadProductsAtom);
  const setStock = useSetAtom(setStockAtom);
  const archive = useSetAtom(archiveProductAtom);
  // The product asked about stays shown while the dialog closes.
  const [target, setTarget] = useState<Product | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [archiving, setArchiving] = useState(false);

  async function confirmArchive() {
    if (!target) return;
    setArchiving(true);
    await archive(target._id);
    setArchiving(false);
    setConfirming(false);
  }

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
          onArchive={(product) => {
            setTarget(product);
            setConfirming(true);
          }}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Archive product"
        confirmLabel="Archive"
        dismissLabel="Keep it"
        busy={archiving}
        busyLabel="Archiving…"
        onConfirm={() => void confirmArchive()}
        onCancel={() => setConfirming(false)}
      >
        <p>Archive {target?.name}?</p>
        <p className="seller-muted">
          It leaves the storefront for good and can no longer be ordered. Orders that hold it keep
          it as it is.
        </p>
      </ConfirmDialog>
    </div>
  );
}
