import type { Product, ProductSavedAnswer, StockBody } from '@kirana/shared';
import {
  mutationOptions,
  useMutationState,
  type Mutation,
  type QueryClient,
} from '@tanstack/react-query';
import { receiveProduct } from '../../../../common/catalogue/queries';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { addProduct } from './api/add-product';
import { archiveProduct } from './api/archive-product';
import { importProducts } from './api/import-products';
import { setProductStock } from './api/set-product-stock';
import { setStocks } from './api/set-stocks';
import { updateProduct } from './api/update-product';
import { summary } from './import-summary';
import {
  productFormData,
  productFormProblem,
  productUpdateFormData,
  type ProductFormValues,
} from './product-form';
import { refreshProductList, showOnProductList } from './queries';

/** A stock change as the seller makes it: the switch, the count of units (null: not counted), or both. */
export type StockChange = Omit<StockBody, 'id'>;

/** A stock change asked for one product (a row) or several (the selection). */
type StockAsk =
  { product: Product; change: StockChange } | { products: readonly Product[]; change: StockChange };

const STOCK_KEY = ['products', 'stock'] as const;

function askedIds(mutation: Mutation<unknown, Error, StockAsk>): string[] {
  const asked = mutation.state.variables;
  if (!asked) return [];
  return 'product' in asked ? [asked.product._id] : asked.products.map((product) => product._id);
}

/** Whether a stock change of any of `products` is on its way to the server. */
export function stockIsPending(client: QueryClient, products: readonly Product[]): boolean {
  const pending = client
    .getMutationCache()
    .findAll({ mutationKey: STOCK_KEY, status: 'pending' }) as Mutation<unknown, Error, StockAsk>[];
  const ids = new Set(pending.flatMap(askedIds));
  return products.some((product) => ids.has(product._id));
}

/** Ids of products whose stock change is on its way to the server. */
export function useStockPending(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: STOCK_KEY, status: 'pending' },
    select: (mutation) => askedIds(mutation as Mutation<unknown, Error, StockAsk>),
  });
  return new Set(ids.flat());
}

/** A catalogue file as the Import screen sends it: the CSV, and the pictures' .zip. */
export interface CatalogueFile {
  csv: File;
  zip: File | null;
}

function importForm(mode: 'preview' | 'apply', { csv, zip }: CatalogueFile): FormData {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', csv, csv.name);
  if (zip) form.append('images', zip, zip.name);
  return form;
}

/** The form checked by the server's own rules first: a problem is the failure, nothing is sent. */
function checked(values: ProductFormValues): void {
  const problem = productFormProblem(values);
  if (problem) throw new Error(problem);
}

/**
 * One change of a product the seller made: the product answered is laid into what is held of it,
 * the Product List asked again (it may join, move or leave a page), and the server's message
 * toasted; a refusal toasts why, a lost session shows the login.
 */
function productChange<Asked>(send: (asked: Asked) => Promise<ProductSavedAnswer>) {
  return () =>
    mutationOptions<ProductSavedAnswer, Error, Asked>({
      mutationFn: send,
      onSuccess: (answer, _asked, _context, { client }) => {
        receiveProduct(client, answer.product);
        void refreshProductList(client);
        toast.success(answer.message);
      },
      onError: reportFailure(),
    });
}

export const productMutations = {
  /**
   * Changes one product's stock (the switch, the count, or both): a switch moves at once, and
   * back if the server refuses; the row shows the server's answer, whose 'Stock Updated' is
   * toasted.
   */
  setStock: () =>
    mutationOptions({
      mutationKey: STOCK_KEY,
      mutationFn: ({ product, change }: { product: Product; change: StockChange }) =>
        setProductStock({ id: product._id, ...change }),
      onMutate: ({ product, change }, { client }) => {
        if (change.inStock !== undefined)
          showOnProductList(client, { ...product, inStock: change.inStock });
      },
      onSuccess: (answer, _asked, _context, { client }) => {
        receiveProduct(client, answer.product);
        toast.success(answer.message);
      },
      onError: (error, { product, change }, _context, { client }) => {
        if (change.inStock !== undefined) showOnProductList(client, product);
        reportFailure()(error);
      },
    }),
  /** One stock change for several products at once, all or none; toasts the server's 'Stock Updated'. */
  setStocks: () =>
    mutationOptions({
      mutationKey: STOCK_KEY,
      mutationFn: ({ products, change }: { products: readonly Product[]; change: StockChange }) =>
        setStocks({ changes: products.map(({ _id }) => ({ id: _id, ...change })) }),
      onSuccess: (answer, _asked, _context, { client }) => {
        for (const saved of answer.products) receiveProduct(client, saved);
        toast.success(answer.message);
      },
      onError: reportFailure(),
    }),
  /** Sends the Add Product form; toasts the server's 'Product Added'. */
  add: productChange((values: ProductFormValues) => {
    checked(values);
    return addProduct(productFormData(values));
  }),
  /**
   * Saves the edit form of product `id`, opened with `initial`: only what changed is sent;
   * toasts the server's 'Product Updated'.
   */
  update: productChange(
    ({
      id,
      values,
      initial,
    }: {
      id: string;
      values: ProductFormValues;
      initial: ProductFormValues;
    }) => {
      checked(values);
      return updateProduct(productUpdateFormData(id, values, initial));
    },
  ),
  /** Archives product `id` (already confirmed); it leaves the list. */
  archive: productChange((id: string) => archiveProduct({ id })),
  /** Checks a catalogue file: nothing is written; every bad row and every change is answered. */
  checkImport: () =>
    mutationOptions({
      mutationFn: (file: CatalogueFile) => importProducts(importForm('preview', file)),
      onError: reportFailure(),
    }),
  /** Imports a catalogue file, all rows or none; toasts what the rows did. */
  importCatalogue: () =>
    mutationOptions({
      mutationFn: (file: CatalogueFile) => importProducts(importForm('apply', file)),
      onSuccess: (answer, _file, _context, { client }) => {
        void refreshProductList(client);
        toast.success(`Imported: ${summary(answer)}`);
      },
      onError: reportFailure(),
    }),
};
