import { useMutation } from '@tanstack/react-query';
import { productMutations } from '../features/products/mutations';
import { ProductForm } from '../features/products/components/product-form';
import { Panel, SellerPage } from '../ui/seller-page';

/** /seller: a new product with up to four pictures. */
export function AddProductPage() {
  const addProduct = useMutation(productMutations.add());
  return (
    <SellerPage title="Add Product">
      <Panel>
        <ProductForm
          save={(values) => addProduct.mutateAsync(values)}
          saving={addProduct.isPending}
        />
      </Panel>
    </SellerPage>
  );
}
