import {
  DISPLAY_RATING,
  SHOP_CURRENCY,
  formatAmount,
  imageSrcSet,
  type Product,
} from '@kirana/shared';
import { StarRating } from '../../../components/ui/star-rating';

/** Card images are square; the width and height only reserve the box before the image loads. */
const IMAGE_BOX = 400;

/** The card's image width per layout of the product grid (see `.product-grid` in styles.css). */
export const PRODUCT_IMAGE_SIZES =
  '(min-width: 1200px) 240px, (min-width: 900px) 22vw, (min-width: 640px) 30vw, 45vw';

interface ProductCardProps {
  product: Product;
  /** Shown as an "Add" button when given. */
  onAddToCart?: (product: Product) => void;
}

export function ProductCard({ product, onAddToCart }: ProductCardProps) {
  const image = product.image[0];
  const discounted = product.offerPrice < product.price;
  const nameId = `product-${product._id}-name`;

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
          {product.name}
        </h3>
        {product.weight && <p className="product-card__weight">{product.weight}</p>}
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
          </p>
          {onAddToCart && (
            <button type="button" className="button" onClick={() => onAddToCart(product)}>
              Add<span className="visually-hidden"> {product.name} to cart</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
