import { SHOP_CURRENCY, formatAmount, productHref, type Product } from '@kirana/shared';
import { Link } from 'react-router';
import './pack-sizes.css';

/**
 * The size chooser of a product of a family (docs/catalogue.md#pack-families-in-the-storefront):
 * each size a link to its own page, with its price and whether it is in stock; the shown one is
 * the current page. Nothing for a product of no family, or a family of one size.
 */
export function PackSizes({ product }: { product: Product }) {
  const packs = product.packs ?? [];
  if (packs.length < 2) return null;
  return (
    <nav className="pack-sizes" aria-label="Sizes">
      <h2 className="pack-sizes__title">Size</h2>
      <ul role="list">
        {packs.map((pack) => {
          const current = pack._id === product._id;
          return (
            <li key={pack._id}>
              <Link
                to={productHref(pack)}
                replace
                className="pack-sizes__size"
                aria-current={current ? 'page' : undefined}
              >
                <span className="pack-sizes__label">{pack.packLabel}</span>
                <span>{formatAmount(pack.offerPrice, SHOP_CURRENCY)}</span>
                {!pack.inStock && <span className="pack-sizes__out">Out of stock</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
