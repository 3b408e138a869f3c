import {
  categoryByPath,
  formatAmount,
  imageSrcSet,
  ORDER_CURRENCY,
  type Product,
} from '@kirana/shared';
import { Link } from 'react-router';
import type { StockChange } from '../atoms/products';
import { StockCountField } from './stock-count-field';
import { StockSwitch } from './stock-switch';

interface ProductTableProps {
  products: readonly Product[];
  /** Ids of products whose stock change is still on its way. */
  pendingIds: ReadonlySet<string>;
  /** Resolves true once the change is saved. */
  onStockChange: (product: Product, change: StockChange) => Promise<boolean>;
  /** Asks to archive the product. */
  onArchive: (product: Product) => void;
}

/**
 * Every product with its picture, category, selling price, the units left (when counted) and an
 * in-stock switch; under its name, Edit and Archive.
 */
export function ProductTable({
  products,
  pendingIds,
  onStockChange,
  onArchive,
}: ProductTableProps) {
  return (
    <div className="seller-table-wrap">
      <table className="seller-table">
        <caption className="visually-hidden">All products</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="seller-table__optional">
              Category
            </th>
            <th scope="col" className="seller-table__number">
              Selling price
            </th>
            <th scope="col">Units left</th>
            <th scope="col">In stock</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const picture = product.image[0];
            return (
              <tr key={product._id} data-out-of-stock={product.inStock ? undefined : 'true'}>
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
                      <span className="seller-product-cell__actions">
                        <Link to={`/seller/product-list/${product._id}`}>
                          Edit<span className="visually-hidden"> {product.name}</span>
                        </Link>
                        <button type="button" onClick={() => onArchive(product)}>
                          Archive<span className="visually-hidden"> {product.name}</span>
                        </button>
                      </span>
                    </span>
                  </div>
                </th>
                <td className="seller-table__optional">
                  {categoryByPath(product.category)?.text ?? product.category}
                </td>
                <td className="seller-table__number">
                  <span className="seller-price">
                    {formatAmount(product.offerPrice, ORDER_CURRENCY)}
                  </span>
                  {product.offerPrice < product.price && (
                    <s className="seller-price__was">
                      <span className="visually-hidden">was </span>
                      {formatAmount(product.price, ORDER_CURRENCY)}
                    </s>
                  )}
                </td>
                <td>
                  <StockCountField
                    product={product}
                    pending={pendingIds.has(product._id)}
                    onSave={(stockCount) => onStockChange(product, { stockCount })}
                  />
                </td>
                <td>
                  <StockSwitch
                    label={`${product.name} in stock`}
                    checked={product.inStock}
                    pending={pendingIds.has(product._id)}
                    onChange={(inStock) => void onStockChange(product, { inStock })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
