import {
  formatAmount,
  formatQuantity,
  imageSrcSet,
  ORDER_CURRENCY,
  pricePerUnitText,
  toPaise,
  type Product,
} from '@kirana/shared';
import { Link, useLocation } from 'react-router';
import type { StockChange } from '../mutations';
import { pastCountText } from '../past-count';
import { StockCountField } from './stock-count-field';
import { StockSwitch } from './stock-switch';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';
import './product-table.css';

/** Where the edit form goes back to: the list as it was (its search, filters and page). */
export interface EditFrom {
  back: string;
}

interface ProductTableProps {
  products: readonly Product[];
  /** A category's name by its path. */
  categoryText: (path: string) => string;
  /**
   * The shop is registered (`regular`): the till and the storefront refuse a product without an
   * HSN code or GST rate, so each such one is marked (docs/gst.md#products).
   */
  gstNeeded: boolean;
  /** The loose product a pack on the page is sold from, by its id, once loaded. */
  looseProduct: (id: string) => Product | undefined;
  /** Ids of the products selected for a change to all of them. */
  selected: ReadonlySet<string>;
  onSelect: (products: readonly Product[], selected: boolean) => void;
  /** Ids of products whose stock change is still on its way. */
  pendingIds: ReadonlySet<string>;
  /** Resolves true once the change is saved. */
  onStockChange: (product: Product, change: StockChange) => Promise<boolean>;
  /** Asks to archive the product. */
  onArchive: (product: Product) => void;
}

/** A price as the list shows it: a loose product's per kilo or litre ("₹140.00/kg"). */
const priceText = (rupees: number, product: Product) =>
  product.unit === 'piece'
    ? formatAmount(rupees, ORDER_CURRENCY)
    : pricePerUnitText(toPaise(rupees), product.unit, ORDER_CURRENCY);

/**
 * What a product is beside its name: a pack's family and label ("Toor Dal · 1 kg"), what a pack
 * is sold from ("1 kg of loose Toor Dal"), a loose product's scale code.
 */
function packLines(product: Product, loose: Product | undefined): string[] {
  const lines: string[] = [];
  if (product.family && product.packLabel) lines.push(`${product.family} · ${product.packLabel}`);
  if (product.drawsFrom && product.packQuantity !== null) {
    const held =
      loose && loose.unit !== 'piece' ? formatQuantity(product.packQuantity, loose.unit) : null;
    const name = loose?.name ?? 'a loose product';
    lines.push(held ? `${held} of loose ${name}` : `Sold from ${name}`);
  }
  if (product.scaleCode) lines.push(`Scale code ${product.scaleCode}`);
  return lines;
}

/**
 * A page of products with their picture, category, HSN code and GST rate (marked when a registered
 * shop could not sell it without them), selling price (per kilo or litre when loose),
 * the units left (when counted; a loose product's in kg or L, a pack's its loose product's) and
 * an in-stock switch; under each name, Edit and Archive; a box to select it (and one for the
 * whole page). Archived products are shown as they were, with nothing to change.
 */
export function ProductTable({
  products,
  categoryText,
  gstNeeded,
  looseProduct,
  selected,
  onSelect,
  pendingIds,
  onStockChange,
  onArchive,
}: ProductTableProps) {
  const { search } = useLocation();
  const live = products.filter((product) => !product.archivedAt);
  const allSelected = live.length > 0 && live.every((product) => selected.has(product._id));
  return (
    <DataTable caption="Products" className="seller-product-table">
      <thead>
        <tr>
          <th scope="col" className="seller-product-table__select">
            {live.length > 0 && (
              <input
                type="checkbox"
                aria-label="Select every product on this page"
                checked={allSelected}
                onChange={(event) => onSelect(live, event.target.checked)}
              />
            )}
          </th>
          <th scope="col">Product</th>
          <th scope="col" className={dataCell.optional}>
            Category
          </th>
          <th scope="col" className={dataCell.optional}>
            HSN
          </th>
          <th scope="col" className={`${dataCell.number} ${dataCell.optional}`}>
            GST
          </th>
          <th scope="col" className={`${dataCell.number} seller-product-table__price`}>
            Selling price
          </th>
          <th scope="col">Units left</th>
          <th scope="col">In stock</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => {
          const picture = product.image[0];
          const archived = product.archivedAt !== null;
          const loose = product.drawsFrom ? looseProduct(product.drawsFrom) : undefined;
          const lacksGst =
            gstNeeded && !archived && (product.hsn === null || product.gstRate === null);
          return (
            <tr key={product._id} data-out-of-stock={product.inStock ? undefined : 'true'}>
              <td className="seller-product-table__select">
                {!archived && (
                  <input
                    type="checkbox"
                    aria-label={`Select ${product.name}`}
                    checked={selected.has(product._id)}
                    onChange={(event) => onSelect([product], event.target.checked)}
                  />
                )}
              </td>
              <th scope="row">
                <div className="seller-product-cell">
                  {picture ? (
                    <img
                      className="seller-product-cell__image"
                      src={picture}
                      srcSet={imageSrcSet(picture)}
                      sizes="56px"
                      width="56"
                      height="56"
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="seller-product-cell__image" />
                  )}
                  <span>
                    <span className="seller-product-cell__name">{product.name}</span>
                    {product.weight && (
                      <span className="seller-product-cell__weight">{product.weight}</span>
                    )}
                    {/* A phone's narrow rows carry the price here, instead of in its column. */}
                    <span className="seller-product-cell__price">
                      {priceText(product.offerPrice, product)}
                    </span>
                    {packLines(product, loose).map((line) => (
                      <span key={line} className="seller-product-cell__codes">
                        {line}
                      </span>
                    ))}
                    {(product.sku || product.barcode) && (
                      <span className="seller-product-cell__codes">
                        {[product.sku && `SKU ${product.sku}`, product.barcode]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    )}
                    {lacksGst && (
                      <span
                        className="seller-product-cell__no-gst"
                        title="Set its HSN code and GST rate: a registered shop cannot sell it without them"
                      >
                        No HSN/GST
                      </span>
                    )}
                    {archived ? (
                      <span className="seller-product-cell__weight">Archived</span>
                    ) : (
                      <span className="seller-product-cell__actions">
                        <Link
                          to={`/seller/product-list/${product._id}`}
                          state={{ back: `/seller/product-list${search}` } satisfies EditFrom}
                        >
                          Edit<span className="visually-hidden"> {product.name}</span>
                        </Link>
                        <button type="button" onClick={() => onArchive(product)}>
                          Archive<span className="visually-hidden"> {product.name}</span>
                        </button>
                      </span>
                    )}
                  </span>
                </div>
              </th>
              <td className={dataCell.optional}>{categoryText(product.category)}</td>
              <td className={dataCell.optional}>{product.hsn ?? '—'}</td>
              <td className={`${dataCell.number} ${dataCell.optional}`}>
                {product.gstRate === null ? '—' : `${product.gstRate} %`}
              </td>
              <td className={`${dataCell.number} seller-product-table__price`}>
                <span className="seller-price">{priceText(product.offerPrice, product)}</span>
                {product.offerPrice < product.price && (
                  <s className="seller-price__was">
                    <span className="visually-hidden">was </span>
                    {priceText(product.price, product)}
                  </s>
                )}
              </td>
              <td>
                {product.drawsFrom ? (
                  // A pack keeps no count: selling it takes from its loose product's.
                  <span className="seller-product-cell__codes">
                    From {loose?.name ?? 'its loose product'}&rsquo;s stock
                    {loose && loose.unit !== 'piece' && loose.stockCount !== null
                      ? `: ${formatQuantity(loose.stockCount, loose.unit)}`
                      : ''}
                  </span>
                ) : archived ? (
                  product.stockCount !== null && formatQuantity(product.stockCount, product.unit)
                ) : (
                  <StockCountField
                    product={product}
                    pending={pendingIds.has(product._id)}
                    onSave={(stockCount) => onStockChange(product, { stockCount })}
                  />
                )}
                {product.pastCount > 0 && !archived && (
                  <span className="seller-product-cell__past-count">
                    {pastCountText(product.pastCount, product.unit)}
                  </span>
                )}
              </td>
              <td>
                {archived ? (
                  product.inStock && 'In stock'
                ) : (
                  <StockSwitch
                    label={`${product.name} in stock`}
                    checked={product.inStock}
                    pending={pendingIds.has(product._id)}
                    onChange={(inStock) => void onStockChange(product, { inStock })}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
