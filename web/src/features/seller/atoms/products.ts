import { mergeById, type Product, type ProductSavedAnswer, type StockBody } from '@kirana/shared';
import { atom, type Getter, type Setter } from 'jotai';
import { toast } from '../../../lib/toast';
import { addProduct } from '../api/add-product';
import { archiveProduct } from '../api/archive-product';
import { listProducts } from '../api/list-products';
import { setProductStock } from '../api/set-product-stock';
import { updateProduct } from '../api/update-product';
import { errorText, isSessionLost } from '../failure-message';
import {
  productFormData,
  productFormProblem,
  productUpdateFormData,
  type ProductFormValues,
} from '../product-form';
import type { LoadState } from './load-state';
import { sessionLostAtom } from './seller-auth';

/** Every product, in and out of stock, as the Product List shows them. */
export const sellerProductsAtom = atom<readonly Product[]>([]);
export const productsLoadStateAtom = atom<LoadState>('idle');
/** Ids of products whose stock change is on its way to the server. */
export const stockPendingAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Loads the products (again); a failure toasts its message and, with nothing shown yet, fails the screen. */
export const loadProductsAtom = atom(null, async (get, set) => {
  if (get(productsLoadStateAtom) !== 'ready') set(productsLoadStateAtom, 'loading');
  try {
    set(sellerProductsAtom, await listProducts());
    set(productsLoadStateAtom, 'ready');
  } catch (error) {
    if (get(productsLoadStateAtom) !== 'ready') set(productsLoadStateAtom, 'failed');
    if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
    else toast.error(errorText(error));
  }
});

/** A stock change as the seller makes it: the switch, the count of units (null: not counted), or both. */
export type StockChange = Omit<StockBody, 'id'>;

/** `products` with `product` merged in by `_id` and `updatedAt`, or taken out once archived. */
function withProduct(products: readonly Product[], product: Product): readonly Product[] {
  if (product.archivedAt) return products.filter((held) => held._id !== product._id);
  return mergeById([...products], product);
}

/** Live `product:updated` (a change made elsewhere): merged into the list if it has loaded. */
export const receiveProductAtom = atom(null, (get, set, product: Product) => {
  if (get(productsLoadStateAtom) !== 'ready') return;
  set(sellerProductsAtom, withProduct(get(sellerProductsAtom), product));
});

/** Loads the products again if the list has loaded, e.g. after the live stream was down. */
export const reloadLoadedProductsAtom = atom(null, async (get, set) => {
  if (get(productsLoadStateAtom) === 'ready') await set(loadProductsAtom);
});

/**
 * Changes a product's stock (the switch, the count, or both): a switch moves at once, and back if
 * the server refuses; the row shows the server's answer. Resolves true once saved, toasting the
 * server's 'Stock Updated'; otherwise toasts why and resolves false.
 */
export const setStockAtom = atom(
  null,
  async (get, set, id: string, change: StockChange): Promise<boolean> => {
    const before = get(sellerProductsAtom).find((product) => product._id === id);
    if (!before || get(stockPendingAtom).has(id)) return false;
    set(stockPendingAtom, new Set([...get(stockPendingAtom), id]));
    const switchTo = (inStock: boolean) =>
      set(
        sellerProductsAtom,
        get(sellerProductsAtom).map((product) =>
          product._id === id ? { ...product, inStock } : product,
        ),
      );
    if (change.inStock !== undefined) switchTo(change.inStock);
    try {
      const answer = await setProductStock({ id, ...change });
      set(sellerProductsAtom, mergeById([...get(sellerProductsAtom)], answer.product));
      toast.success(answer.message);
      return true;
    } catch (error) {
      if (change.inStock !== undefined) switchTo(before.inStock);
      if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
      else toast.error(errorText(error));
      return false;
    } finally {
      const pending = new Set(get(stockPendingAtom));
      pending.delete(id);
      set(stockPendingAtom, pending);
    }
  },
);

/**
 * Sends one change of a product the seller made (`send`): the product answered is merged into
 * the list (or taken out once archived) if it has loaded, and the server's message toasted; a
 * refusal toasts why, a lost session shows the login. Resolves whether it was saved.
 */
async function saveProduct(
  get: Getter,
  set: Setter,
  send: () => Promise<ProductSavedAnswer>,
): Promise<boolean> {
  try {
    const answer = await send();
    if (get(productsLoadStateAtom) === 'ready') {
      set(sellerProductsAtom, withProduct(get(sellerProductsAtom), answer.product));
    }
    toast.success(answer.message);
    return true;
  } catch (error) {
    if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
    else toast.error(errorText(error));
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
export const addProductAtom = atom(null, (get, set, values: ProductFormValues) =>
  formIsReady(values)
    ? saveProduct(get, set, () => addProduct(productFormData(values)))
    : Promise.resolve(false),
);

/**
 * Saves the edit form of product `id`, opened with `initial`: checked first by the server's own
 * rules (a problem is toasted, nothing sent); only what changed is sent. Toasts the server's
 * 'Product Updated', or why it was refused; resolves true once saved.
 */
export const updateProductAtom = atom(
  null,
  (get, set, id: string, values: ProductFormValues, initial: ProductFormValues) =>
    formIsReady(values)
      ? saveProduct(get, set, () => updateProduct(productUpdateFormData(id, values, initial)))
      : Promise.resolve(false),
);

/** Archives product `id` (already confirmed); it leaves the list. Resolves true once archived. */
export const archiveProductAtom = atom(null, (get, set, id: string) =>
  saveProduct(get, set, () => archiveProduct({ id })),
);

/** Forgets the products, e.g. before another login. */
export const resetProductsAtom = atom(null, (_get, set) => {
  set(sellerProductsAtom, []);
  set(productsLoadStateAtom, 'idle');
});
