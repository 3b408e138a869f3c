import {
  SHOP_CURRENCY,
  formatAmount,
  formatQuantity,
  imageSrcSet,
  productHref,
  toRupees,
  pricePerUnitText,
  toPaise,
} from '@kirana/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { TrashIcon } from '../../../../../common/ui/icons';
import type { CartLine } from '../../../session/cart-lines';
import { mostInCart } from '../../../units-left';
import { fewLeftText, mostPerOrderText } from '../../../units-left-notes';
import { lineOfferAmount, quantityChoices, stepChoices } from '../../../session/cart-lines';
import { Button } from '../../../../../common/ui/button';
import '../../../../../common/ui/form.css';
import './cart-line-item.css';

interface CartLineItemProps {
  line: CartLine;
  /** The most of a product the shop takes in one order (unknown until the shop is read). */
  mostPerLine: number | undefined;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/** One product in the cart: image, name, weight, quantity selector, line price and remove. */
export function CartLineItem({ line, mostPerLine, onQuantityChange, onRemove }: CartLineItemProps) {
  const { product, quantity } = line;
  const mostPerOrder = mostPerOrderText(quantity, mostPerLine, product.unit);
  const selectId = useId();
  const image = product.image[0];
  const lineTotal = toRupees(lineOfferAmount(line));
  const most = mostInCart(product, mostPerLine);
  const choices =
    product.unit === 'piece'
      ? quantityChoices(quantity, most)
      : stepChoices(
          quantity,
          (product.steps ?? []).filter((step) => step <= most),
        );

  return (
    <li className="cart-line">
      <Link to={productHref(product)} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        {image && (
          <img
            src={image}
            srcSet={imageSrcSet(image)}
            sizes="96px"
            width="96"
            height="96"
            alt=""
            loading="lazy"
            decoding="async"
          />
        )}
      </Link>
      <div className="cart-line__info">
        <h3 className="cart-line__name">
          <Link to={productHref(product)}>{product.name}</Link>
        </h3>
        <p className="cart-line__meta">
          {product.unit === 'piece' && <>Weight: {product.weight ?? 'N/A'} · </>}
          <span className="unit-price">
            {pricePerUnitText(toPaise(product.offerPrice), product.unit, SHOP_CURRENCY)}
          </span>
        </p>
        {!product.inStock && <p className="cart-line__warning">Out of stock</p>}
        {product.inStock && fewLeftText(product) && (
          <p
            className={
              quantity > (product.stockCount ?? 0) ? 'cart-line__warning' : 'cart-line__meta'
            }
          >
            {fewLeftText(product)}
          </p>
        )}
        {mostPerOrder && (
          <p
            className={
              mostPerLine !== undefined && quantity > mostPerLine
                ? 'cart-line__warning'
                : 'cart-line__meta'
            }
          >
            {mostPerOrder}
          </p>
        )}
        <div className="cart-line__qty">
          <label htmlFor={selectId}>
            Qty<span className="visually-hidden"> of {product.name}</span>
          </label>
          <select
            className="form-control"
            id={selectId}
            value={quantity}
            onChange={(event) => onQuantityChange(Number(event.target.value))}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {formatQuantity(choice, product.unit)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">Subtotal: </span>
        {formatAmount(lineTotal, SHOP_CURRENCY)}
      </p>
      <Button
        type="button"
        variant="icon"
        className="cart-line__remove"
        aria-label={`Remove ${product.name} from cart`}
        onClick={onRemove}
      >
        <TrashIcon size={20} />
      </Button>
    </li>
  );
}
