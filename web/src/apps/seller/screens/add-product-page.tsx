import { useMutation } from '@tanstack/react-query';
import { productMutations } from '../features/products/mutations';
import { ProductForm } from '../features/products/components/product-form';
import '../ui/seller-page.css';

/** /seller: a new product with up to four pictures. */
export function AddProductPage() {
  const addProduct = useMutation(productMutations.add());
  return (
    <div className="seller-page">
      <title>Add Product · Kirana Seller</title>
      <header className="seller-page__head">
        <h1>Add Product</h1>
      </header>
      <div className="seller-panel">
        <ProductForm
          save={(values) => addProduct.mutateAsync(values)}
          saving={addProduct.isPending}
        />
      </div>
    </div>
  );
}
