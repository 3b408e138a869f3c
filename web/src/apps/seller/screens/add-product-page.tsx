import { useSetAtom } from 'jotai';
import { addProductAtom } from '../features/products/atoms/products';
import { ProductForm } from '../features/products/components/product-form';
import '../ui/seller-screen.css';

/** /seller: a new product with up to four pictures. */
export function AddProductPage() {
  const addProduct = useSetAtom(addProductAtom);
  return (
    <div className="seller-page">
      <title>Add Product · Kirana Seller</title>
      <header className="seller-page__head">
        <h1>Add Product</h1>
      </header>
      <div className="seller-panel">
        <ProductForm onSave={addProduct} />
      </div>
    </div>
  );
}
