import { SELLER_PRODUCT_FILTERS, type Product } from '@kirana/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../common/ui/spinner';
import { categoryQueries, pageOf, productQueries } from '../../../common/catalogue/queries';
import { shopQueries } from '../../../common/shop-settings/queries';
import { SELLER_PAGE_SIZE, type SellerProductList } from '../features/products/api/list-products';
import {
  productMutations,
  stockIsPending,
  useStockPending,
  type StockChange,
} from '../features/products/mutations';
import { BulkStockBar } from '../features/products/components/bulk-stock-bar';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FILTER_LABELS, ProductFilters } from '../features/products/components/product-filters';
import { ProductTable } from '../features/products/components/product-table';
import { succeeded, tellSessionLost } from '../failure-message';
import { sellerProductQueries } from '../features/products/queries';
import { useAddressText } from '../../../lib/use-address-text';
import { LoadProblem } from '../ui/load-problem';
import { buttonClass } from '../../../common/ui/button';
import { Empty, Note, SellerPage } from '../ui/seller-page';
import './product-list-page.css';

/** Typing pauses this long before the list follows: one search per word, not per letter. */
const TYPING_PAUSE_MS = 250;

/** What the address asks the Product List for (`?q=&category=&filter=&page=`). */
function listOf(params: URLSearchParams): SellerProductList {
  const filter = params.get('filter');
  return {
    q: params.get('q')?.trim() || undefined,
    category: params.get('category') || undefined,
    filter: SELLER_PRODUCT_FILTERS.find((known) => known === filter),
    page: pageOf(params),
  };
}

/** The address of `list`: its fields in one order, the first page unsaid. */
function addressOf({ q, category, filter, page }: SellerProductList): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (filter) params.set('filter', filter);
  if (page !== undefined && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * /seller/product-list: the catalogue a page at a time, by name, found by a search (name, SKU,
 * barcode) and narrowed by category and by stock (out, low, counted) or to the archived; each row
 * with the units left (orders take from a counted product) and a switch to take it in or out of
 * stock, Edit, and Archive after confirming. Selected rows change stock together. The search,
 * category, filter and page are in the address.
 */
export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const list = listOf(params);
  const answer = useQuery({
    ...sellerProductQueries.page(list),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(categoryQueries.all()).data ?? [];
  const registered = useQuery(shopQueries.shop()).data?.shop.tax === 'regular';
  // The loose products the page's packs are sold from, in one call: their names and stock.
  const drawnIds = (answer.data?.products ?? []).flatMap(({ drawsFrom }) =>
    drawsFrom ? [drawsFrom] : [],
  );
  const drawn = useQuery({ ...productQueries.items(drawnIds), enabled: drawnIds.length > 0 });
  const client = useQueryClient();
  const pending = useStockPending();
  const setStock = useMutation(productMutations.setStock());
  const setStocks = useMutation(productMutations.setStocks());
  const archive = useMutation(productMutations.archive());
  const [text, setText] = useAddressText(list.q ?? '');
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Selected products, kept while the seller pages through and cleared after a change to all.
  const [selected, setSelected] = useState<ReadonlyMap<string, Product>>(new Map());
  // The product asked about stays shown while the dialog closes.
  const [target, setTarget] = useState<Product | null>(null);
  const [confirming, setConfirming] = useState(false);

  const { error } = answer;
  useEffect(() => {
    if (error) tellSessionLost(error);
  }, [error]);

  /**
   * The list as `change` asks, with the search as typed, from its first page (typing replaces
   * the address).
   */
  const show = (change: Partial<SellerProductList>, replace = false) => {
    clearTimeout(typing.current);
    const q = text.trim() || undefined;
    void setParams(addressOf({ ...list, q, page: 1, ...change }), { replace });
  };

  async function confirmArchive() {
    if (!target) return;
    await succeeded(archive.mutateAsync(target._id));
    setConfirming(false);
  }

  async function changeSelected(change: StockChange): Promise<boolean> {
    const products = [...selected.values()];
    if (products.length === 0 || stockIsPending(client, products)) return false;
    const saved = await succeeded(setStocks.mutateAsync({ products, change }));
    if (saved) setSelected(new Map());
    return saved;
  }

  const page = answer.data;
  const categoryText = (path: string) =>
    categories.find((category) => category.path === path)?.text ?? path;
  const pages = page ? Math.max(1, Math.ceil(page.total / SELLER_PAGE_SIZE)) : 1;
  const current = list.page ?? 1;
  const narrowed = Boolean(list.q || list.category || list.filter);

  return (
    <SellerPage
      title="Product List"
      head={
        page && (
          <Note status>
            {page.total.toLocaleString('en-IN')} {page.total === 1 ? 'product' : 'products'}
            {list.filter && ` · ${FILTER_LABELS[list.filter]}`}
          </Note>
        )
      }
    >
      <ProductFilters
        text={text}
        onText={(typed) => {
          setText(typed);
          clearTimeout(typing.current);
          typing.current = setTimeout(
            () => show({ q: typed.trim() || undefined }, true),
            TYPING_PAUSE_MS,
          );
        }}
        category={list.category ?? ''}
        onCategory={(category) => show({ category: category || undefined })}
        filter={list.filter ?? ''}
        onFilter={(filter) => show({ filter: filter || undefined })}
        categories={categories}
        onSubmit={() => show({})}
      />
      {selected.size > 0 && (
        <BulkStockBar
          count={selected.size}
          piecesOnly={[...selected.values()].every(
            (product) => product.unit === 'piece' && !product.drawsFrom,
          )}
          busy={setStocks.isPending}
          onChange={changeSelected}
          onClear={() => setSelected(new Map())}
        />
      )}
      {!page && answer.isError ? (
        <LoadProblem
          message="The products could not be loaded."
          onRetry={() => void answer.refetch()}
        />
      ) : !page ? (
        <Spinner label="Loading the products…" />
      ) : page.products.length === 0 ? (
        <Empty>
          {narrowed
            ? 'No products match. Try another search or filter.'
            : 'No products yet. Add the first one under Add Product, or import a CSV.'}
        </Empty>
      ) : (
        <>
          <ProductTable
            products={page.products}
            categoryText={categoryText}
            gstNeeded={registered}
            looseProduct={(id) => drawn.data?.find((product) => product._id === id)}
            selected={new Set(selected.keys())}
            onSelect={(products, select) => {
              const next = new Map(selected);
              for (const product of products) {
                if (select) next.set(product._id, product);
                else next.delete(product._id);
              }
              setSelected(next);
            }}
            pendingIds={pending}
            onStockChange={(product, change) =>
              stockIsPending(client, [product])
                ? Promise.resolve(false)
                : succeeded(setStock.mutateAsync({ product, change }))
            }
            onArchive={(product) => {
              setTarget(product);
              setConfirming(true);
            }}
          />
          <nav className="seller-pager" aria-label="Pages of products">
            {current > 1 && (
              <Link
                className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
                to={addressOf({ ...list, page: current - 1 })}
              >
                Previous page
              </Link>
            )}
            <span aria-current="page">
              Page {current} of {pages}
            </span>
            {page.hasMore && (
              <Link
                className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
                to={addressOf({ ...list, page: current + 1 })}
              >
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Archive product"
        confirmLabel="Archive"
        dismissLabel="Keep it"
        busy={archive.isPending}
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
    </SellerPage>
  );
}
