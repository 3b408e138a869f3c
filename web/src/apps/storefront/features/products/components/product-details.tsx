import {
  DISPLAY_RATING,
  SHOP_CURRENCY,
  TAX_PERCENT,
  formatAmount,
  formatQuantity,
  type Product,
  pricePerUnitText,
  toPaise,
} from '@kirana/shared';
import { StarRating } from '../../../../../common/ui/star-rating';
import { PackSizes } from './pack-sizes';
import { canAddOne } from '../../../units-left';
import { fewLeftText, mostPerOrderText } from '../../../units-left-notes';
import { ProductGallery } from './product-gallery';
import { QuantityStepper } from './quantity-stepper';
import { Button } from '../../../../../common/ui/button';
import './product-details.css';

interface ProductDetailsProps {
  product: Product;
  /** How many the cart already holds (pieces, or grams or ml of a loose product). */
  inCart: number;
  /** The most of a product the shop takes in one order (unknown until the shop is read). */
  mostPerLine: number | undefined;
  /** The cart adds the spec's tax on top of the price: the shop bills in its `spec` mode. */
  addsTax: boolean;
  onAddToCart: () => void;
  onRemoveFromCart: () => void;
  /** Adds the product unless the cart holds it already, then goes to the cart. */
  onBuyNow: () => void;
}

export function ProductDetails({
  product,
  inCart,
  mostPerLine,
  addsTax,
  onAddToCart,
  onRemoveFromCart,
  onBuyNow,
}: ProductDetailsProps) {
  const fewLeft = fewLeftText(product);
  const mostPerOrder = mostPerOrderText(inCart, mostPerLine, product.unit);
  const discounted = product.offerPrice < product.price;
  return (
    <div className="product-details">
      <ProductGallery name={product.name} images={product.image} />
      <div className="product-details__info">
        <h1 className="product-details__name">{product.name}</h1>
        <div className="product-details__rating">
          <StarRating rating={DISPLAY_RATING} />
          <span aria-hidden="true">({DISPLAY_RATING})</span>
        </div>
        <div className="product-details__prices">
          {discounted && (
            <p className="product-details__mrp">
              MRP: <s>{formatAmount(product.price, SHOP_CURRENCY)}</s>
            </p>
          )}
          <p className="product-details__price">
            {discounted ? 'Offer price' : 'Price'}:{' '}
            <strong>{formatAmount(product.offerPrice, SHOP_CURRENCY)}</strong>{' '}
            <span className="unit-price">
              {pricePerUnitText(toPaise(product.offerPrice), product.unit, SHOP_CURRENCY)}
            </span>
          </p>
          {/* The cart adds the tax on top of the price (cartTotals): the page says so. */}
          {addsTax && (
            <p className="product-details__tax">(plus {TAX_PERCENT}% tax, added at checkout)</p>
          )}
        </div>
        <PackSizes product={product} />
        <dl className="product-details__facts">
          <dt>Weight</dt>
          <dd>{product.weight ?? 'N/A'}</dd>
        </dl>
        <h2 className="product-details__about">About Product</h2>
        {product.description.length > 0 ? (
          <ul className="product-details__description">
            {product.description.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">No description yet.</p>
        )}
        {product.inStock ? (
          <>
            {fewLeft && <p className="product-details__few-left">{fewLeft}</p>}
            {/* Once in the cart, − 1 + takes Add to Cart's place: the quantity changes here. */}
            <div className="product-details__actions">
              {inCart > 0 ? (
                <>
                  <QuantityStepper
                    productName={product.name}
                    quantity={inCart}
                    unit={product.unit}
                    canAdd={canAddOne(product, inCart, mostPerLine)}
                    onAdd={onAddToCart}
                    onRemove={onRemoveFromCart}
                  />
                  <Button type="button" size="large" onClick={onBuyNow}>
                    Buy now
                  </Button>
                </>
              ) : (
                <>
                  <Button type="button" size="large" variant="soft" onClick={onAddToCart}>
                    Add to Cart
                  </Button>
                  <Button type="button" size="large" onClick={onBuyNow}>
                    Buy now
                  </Button>
                </>
              )}
            </div>
          </>
        ) : (
          <p className="product-details__stock" role="status">
            Out of stock
          </p>
        )}
        {inCart > 0 && (
          <p className="product-details__in-cart" role="status">
            {formatQuantity(inCart, product.unit)} in your cart
            {mostPerOrder && ` · ${mostPerOrder}`}
          </p>
        )}
      </div>
    </div>
  );
}
