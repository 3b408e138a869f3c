import type { Product, ProductSavedAnswer, StockBody } from '@kirana/shared';
import { atom, type Getter, type Setter } from 'jotai';
import { queryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { receiveProduct } from '../../../../../common/catalogue/queries';
import { addProduct } from '../api/add-product';
import { archiveProduct } from '../api/archive-product';
import { setProductStock } from '../api/set-product-stock';
import { setStocks } from '../api/set-stocks';
import { updateProduct } from '../api/update-product';
import { errorText, isSessionLost } from '../../../failure-message';
import {
  productFormData,
  productFormProblem,
  productUpdateFormData,
  type ProductFormValues,
} from '../product-form';
import { refreshProductList, showOnProductList } from '../queries';
import { sessionLostAtom } from '../../../session/seller-auth';

/** Ids of products whose stock change is on its way to the server. */
export const stockPendingAtom = atom<ReadonlySet<string>>(new Set<string>());

/** A stock change as the seller makes it: the switch, the count of units (null: not counted), or both. */
export type StockChange = Omit<StockBody, 'id'>;

/** Marks `ids` as on their way to the server (`pending`) or back. */
function setPending(get: Getter, set: Setter, ids: readonly string[], pending: boolean) {
  const held = new Set(get(stockPendingAtom));
  for (const id of ids) {
    if (pending) held.add(id);
    else held.delete(id);
  }
  set(stockPendingAtom, held);
}

/** A refusal toasted, or the login shown when the session is gone. */
function tellFailure(set: Setter, error: unknown) {
  if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
  else toast.error(errorText(error));
}

/**
 * Changes `product`'s stock (the switch, the count, or both): a switch moves at once, and back if
 * the server refuses; the row shows the server's answer. Resolves true once saved, toasting the
 * server's 'Stock Updated'; otherwise toasts why and resolves false.
 */
export const setStockAtom = atom(
  null,
  async (get, set, product: Product, change: StockChange): Promise<boolean> => {
    if (get(stockPendingAtom).has(product._id)) return false;
    setPending(get, set, [product._id], true);
    if (change.inStock !== undefined) {
      showOnProductList(queryClient, { ...product, inStock: change.inStock });
    }
    try {
      const answer = await setProductStock({ id: product._id, ...change });
      receiveProduct(queryClient, answer.product);
      toast.success(answer.message);
      return true;
    } catch (error) {
      if (change.inStock !== undefined) showOnProductList(queryClient, product);
      tellFailure(set, error);
      return false;
    } finally {
      setPending(get, set, [product._id], false);
    }
  },
);

/**
 * One stock change for several products at once (the Product List's selection), all or none.
 * Resolves true once saved, toasting the server's 'Stock Updated'; otherwise toasts why.
 */
export const setStocksAtom = atom(
  null,
  async (get, set, products: readonly Product[], change: StockChange): Promise<boolean> => {
    const ids = products.map((product) => product._id);
    if (ids.length === 0 || ids.some((id) => get(stockPendingAtom).has(id))) return false;
    setPending(get, set, ids, true);
    try {
      const answer = await setStocks({ changes: ids.map((id) => ({ id, ...change })) });
      for (const saved of answer.products) receiveProduct(queryClient, saved);
      toast.success(answer.message);
      return true;
    } catch (error) {
      tellFailure(set, error);
      return false;
    } finally {
      setPending(get, set, ids, false);
    }
  },
);

/**
 * Sends one change of a product the seller made (`send`): the product answered is laid into
 * what is held of it, the Product List asked again (it may join, move or leave a page), and the
 * server's message toasted; a refusal toasts why, a lost session shows the login. Resolves
 * whether it was saved.
 */
async function saveProduct(set: Setter, send: () => Promise<ProductSavedAnswer>): Promise<boolean> {
  try {
    const answer = await send();
    receiveProduct(queryClient, answer.product);
    void refreshProductList(queryClient);
    toast.success(answer.message);
    return true;
  } catch (error) {
    tellFailure(set, error);
    return false;
  }
}

/** Whether the form passes the server's own rules; a problem is toasted (nothing is sent). */
function formIsReady(values: ProductFormValues): boolean {
  const problem = productFormProblem(values);
  if (problem) toast.error(problem);
  return problem === null;
}

/**
 * Sends the Add Product form. Resolves true once the product is added (toasting the server's
 * 'Product Added'); otherwise toasts why and resolves false.
 */
export const addProductAtom = atom(null, (_get, set, values: ProductFormValues) =>
  formIsReady(values)
    ? saveProduct(set, () => addProduct(productFormData(values)))
    : Promise.resolve(false),
);

/**
 * Saves the edit form of product `id`, opened with `initial`: checked first by the server's own
 * rules (a problem is toasted, nothing sent); only what changed is sent. Toasts the server's
 * 'Product Updated', or why it was refused; resolves true once saved.
 */
export const updateProductAtom = atom(
  null,
  (_get, set, id: string, values: ProductFormValues, initial: ProductFormValues) =>
    formIsReady(values)
      ? saveProduct(set, () => updateProduct(productUpdateFormData(id, values, initial)))
      : Promise.resolve(false),
);

/** Archives product `id` (already confirmed); it leaves the list. Resolves true once archived. */
export const archiveProductAtom = atom(null, (_get, set, id: string) =>
  saveProduct(set, () => archiveProduct({ id })),
);
