import {
  DISPLAY_RATING,
  SHOP_CURRENCY,
  formatAmount,
  imageSrcSet,
  type Product,
  productHref,
  pricePerUnitText,
  toPaise,
} from '@kirana/shared';
import { Link } from 'react-router';
import { StarRating } from '../../../../../common/ui/star-rating';
import { canAddOne } from '../../../units-left';
import { QuantityStepper } from './quantity-stepper';
import { Button } from '../../../../../common/ui/button';
import './product-card.css';

/** The width and height only reserve the box (square, or 4:3 on a laptop) before the image loads. */
const IMAGE_BOX = 400;

/** The card's image width per layout of the product grid (see `.product-grid` in styles.css). */
export const PRODUCT_IMAGE_SIZES =
  '(min-width: 1100px) 15vw, (min-width: 900px) 22vw, (min-width: 640px) 30vw, 45vw';

export interface CartControls {
  /** How many of each product the cart holds (pieces, or grams or ml of a loose one). */
  quantities: Readonly<Record<string, number>>;
  /** The most of a product the shop takes in one order (unknown until the shop is read). */
  mostPerLine: number | undefined;
  /** One more piece, or a loose product's next step. */
  onAdd: (product: Product) => void;
  onRemove: (product: Product) => void;
}

interface ProductCardProps {
  product: Product;
  /** When given, the card offers "Add", or a quantity stepper once the product is in the cart. */
  cart?: CartControls;
}

export function ProductCard({ product, cart }: ProductCardProps) {
  const image = product.image[0];
  const discounted = product.offerPrice < product.price;
  const nameId = `product-${product._id}-name`;
  const quantity = cart?.quantities[product._id] ?? 0;

  return (
    <article className="product-card" aria-labelledby={nameId}>
      <div className="product-card__media">
        {image ? (
          <img
            src={image}
            srcSet={imageSrcSet(image)}
            sizes={PRODUCT_IMAGE_SIZES}
            width={IMAGE_BOX}
            height={IMAGE_BOX}
            loading="lazy"
            decoding="async"
            alt={product.name}
          />
        ) : (
          <span className="product-card__no-image" aria-hidden="true">
            {product.name.charAt(0)}
          </span>
        )}
      </div>
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <h3 className="product-card__name" id={nameId}>
          {/* The link covers the whole card (see .product-card__link); the buttons sit above it. */}
          <Link to={productHref(product)} className="product-card__link">
            {product.name}
          </Link>
        </h3>
        {product.weight && <p className="product-card__weight">{product.weight}</p>}
        {/* A family is one card: its page offers the other sizes. */}
        {product.packs && product.packs.length > 1 && (
          <p className="product-card__weight">{product.packs.length} sizes</p>
        )}
        <StarRating rating={DISPLAY_RATING} />
        <div className="product-card__footer">
          <p className="price">
            <span className="price__offer">
              <span className="visually-hidden">Price: </span>
              {formatAmount(product.offerPrice, SHOP_CURRENCY)}
            </span>
            {discounted && (
              <s className="price__was">
                <span className="visually-hidden">, was </span>
                {formatAmount(product.price, SHOP_CURRENCY)}
              </s>
            )}
            <span className="unit-price">
              {pricePerUnitText(toPaise(product.offerPrice), product.unit, SHOP_CURRENCY)}
            </span>
          </p>
          {cart &&
            (quantity > 0 ? (
              <QuantityStepper
                productName={product.name}
                quantity={quantity}
                unit={product.unit}
                canAdd={canAddOne(product, quantity, cart.mostPerLine)}
                onAdd={() => cart.onAdd(product)}
                onRemove={() => cart.onRemove(product)}
              />
            ) : (
              <Button
                type="button"
                variant="secondary"
                size="small"
                className="product-card__add"
                onClick={() => cart.onAdd(product)}
              >
                Add<span className="visually-hidden"> {product.name} to cart</span>
              </Button>
            ))}
        </div>
      </div>
    </article>
  );
}
