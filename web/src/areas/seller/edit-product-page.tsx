import { useAtomValue, useSetAtom } from 'jotai';
import type { Product } from '@kirana/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import {
  loadProductsAtom,
  productsLoadStateAtom,
  sellerProductsAtom,
  updateProductAtom,
} from '../../features/seller/atoms/products';
import { ProductForm } from '../../features/seller/components/product-form';
import { productFormValues } from '../../features/seller/product-form';
import { LoadProblem } from './load-problem';

/**
 * /seller/product-list/:id: the product form, filled with the product as it stands; saved, it
 * goes back to the Product List. Its stock is set on the list, not here.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  const products = useAtomValue(sellerProductsAtom);
  const state = useAtomValue(productsLoadStateAtom);
  const load = useSetAtom(loadProductsAtom);
  const product = products.find((each) => each._id === id);

  useEffect(() => {
    if (state === 'idle') void load();
  }, [state, load]);

  return (
    <div className="seller-page">
      <title>{`Edit ${product?.name ?? 'product'} · Kirana Seller`}</title>
      <header className="seller-page__head">
        <h1>Edit product</h1>
        <Link to="/seller/product-list" className="seller-page__note">
          Back to the Product List
        </Link>
      </header>
      {state === 'failed' ? (
        <LoadProblem message="The products could not be loaded." onRetry={() => void load()} />
      ) : state !== 'ready' ? (
        <Spinner label="Loading the product…" />
      ) : !product ? (
        <p className="seller-empty">
          This product is not in the catalogue: it may have been archived.
        </p>
      ) : (
        // A fresh form per product: nothing typed for one is left for another.
        <EditProduct key={product._id} product={product} />
      )}
    </div>
  );
}

/**
 * The form of `product` as it stood when opened; saving sends what changed since, so a change
 * made meanwhile elsewhere (a live update) is not undone.
 */
function EditProduct({ product }: { product: Product }) {
  const update = useSetAtom(updateProductAtom);
  const navigate = useNavigate();
  const [initial] = useState(() => productFormValues(product));
  return (
    <div className="seller-panel">
      <ProductForm
        initial={initial}
        submitLabel="Save changes"
        busyLabel="Saving…"
        onSave={async (values) => {
          const saved = await update(product._id, values, initial);
          if (saved) await navigate('/seller/product-list');
          return saved;
        }}
      />
    </div>
  );
}
