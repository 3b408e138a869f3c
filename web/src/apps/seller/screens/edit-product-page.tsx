import type { Product } from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../common/ui/spinner';
import { productQueries } from '../../../common/catalogue/queries';
import { productMutations } from '../features/products/mutations';
import { ProductForm } from '../features/products/components/product-form';
import type { EditFrom } from '../features/products/components/product-table';
import { productFormValues } from '../features/products/product-form';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Panel, SellerPage } from '../ui/seller-page';

/**
 * /seller/product-list/:id: the product form, filled with the product as it stands; saved, it
 * goes back to the Product List. Its stock is set on the list, not here.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  // Back to the list as the seller left it, when it was opened from there.
  const back = (useLocation().state as EditFrom | null)?.back ?? '/seller/product-list';
  const found = useQuery(productQueries.items([id]));
  const product = found.data?.find((each) => each._id === id && !each.archivedAt);
  // A pack's loose product: the form names it and writes the pack's quantity in its unit.
  const drawsFrom = product?.drawsFrom ?? null;
  const drawn = useQuery({
    ...productQueries.items(drawsFrom ? [drawsFrom] : []),
    enabled: !!drawsFrom,
  });

  return (
    <SellerPage
      title={`Edit ${product?.name ?? 'product'}`}
      heading="Edit product"
      head={
        <Link to={back} className="seller-page__note">
          Back to the Product List
        </Link>
      }
    >
      {found.isError || drawn.isError ? (
        <LoadProblem
          message="The product could not be loaded."
          onRetry={() => void (found.isError ? found.refetch() : drawn.refetch())}
        />
      ) : !found.data || (drawsFrom && !drawn.data) ? (
        <Spinner label="Loading the product…" />
      ) : !product ? (
        <Empty>This product is not in the catalogue: it may have been archived.</Empty>
      ) : (
        // A fresh form per product: nothing typed for one is left for another.
        <EditProduct
          key={product._id}
          product={product}
          drawn={drawn.data?.find((each) => each._id === drawsFrom)}
          back={back}
        />
      )}
    </SellerPage>
  );
}

/**
 * The form of `product` as it stood when opened; saving sends what changed since, so a change
 * made meanwhile elsewhere (a live update) is not undone.
 */
function EditProduct({
  product,
  drawn,
  back,
}: {
  product: Product;
  /** The loose product `product` is sold from, when it is a pack that draws from one. */
  drawn: Product | undefined;
  back: string;
}) {
  const update = useMutation(productMutations.update());
  const navigate = useNavigate();
  return (
    <Panel>
      <ProductForm
        initial={productFormValues(product, drawn)}
        submitLabel="Save changes"
        busyLabel="Saving…"
        save={async (values, initial) => {
          await update.mutateAsync({ id: product._id, values, initial });
          await navigate(back);
        }}
        saving={update.isPending}
      />
    </Panel>
  );
}
