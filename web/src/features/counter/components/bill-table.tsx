import { formatAmount, MAX_LINE_QUANTITY, SHOP_CURRENCY, toRupees } from '@kirana/shared';
import { useId } from 'react';
import { shortOf, type Bill } from '../bill';

const rs = (amount: number) => formatAmount(amount, SHOP_CURRENCY);

interface BillTableProps {
  bill: Bill;
  onQuantity: (productId: string, quantity: number) => void;
  disabled?: boolean;
}

/** The bill's lines, newest last: each quantity editable, 0 or Remove takes a line off. */
export function BillTable({ bill, onQuantity, disabled = false }: BillTableProps) {
  const captionId = useId();
  if (bill.length === 0)
    return <p className="counter-bill__empty">Scan an item to start the bill.</p>;
  return (
    <div className="seller-table-wrap">
      <table className="seller-table counter-bill" aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">
          The bill
        </caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="seller-table__number">
              Qty
            </th>
            <th scope="col" className="seller-table__number">
              Price
            </th>
            <th scope="col" className="seller-table__number">
              Amount
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.map((line) => {
            const { product } = line;
            const short = shortOf(line);
            const problemId = `${captionId}-${product._id}-short`;
            return (
              <tr key={product._id}>
                <th scope="row">
                  {product.name}
                  {product.weight && (
                    <small className="counter-bill__weight"> {product.weight}</small>
                  )}
                  {short > 0 && (
                    <span id={problemId} className="counter-bill__short">
                      {product.inStock && product.stockCount !== null
                        ? `Only ${product.stockCount} left`
                        : 'Out of stock'}
                    </span>
                  )}
                </th>
                <td className="seller-table__number">
                  <input
                    className="counter-bill__quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_LINE_QUANTITY}
                    value={line.quantity}
                    aria-label={`Quantity of ${product.name}`}
                    aria-invalid={short > 0}
                    aria-describedby={short > 0 ? problemId : undefined}
                    disabled={disabled}
                    onChange={(event) => onQuantity(product._id, Number(event.target.value))}
                  />
                </td>
                <td className="seller-table__number">{rs(product.offerPrice)}</td>
                <td className="seller-table__number">
                  {rs(toRupees(Math.round(product.offerPrice * 100) * line.quantity))}
                </td>
                <td>
                  <button
                    type="button"
                    className="seller-button seller-button--ghost seller-button--small"
                    disabled={disabled}
                    onClick={() => onQuantity(product._id, 0)}
                  >
                    Remove<span className="visually-hidden"> {product.name}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
