import { toPaise } from '@kirana/shared';
import { useId, useState } from 'react';
import { shortOf, type Bill } from '../bill';
import { paiseText, rupees } from '../money';
import { Button } from '../../../../../common/ui/button';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';

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
    <DataTable
      caption="The bill"
      captionId={captionId}
      className="counter-bill"
      aria-labelledby={captionId}
    >
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className={dataCell.number}>
            Qty
          </th>
          <th scope="col" className={dataCell.number}>
            Price
          </th>
          <th scope="col" className={dataCell.number}>
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
              <td className={dataCell.number}>
                <QuantityField
                  quantity={line.quantity}
                  name={product.name}
                  invalid={short > 0}
                  describedBy={short > 0 ? problemId : undefined}
                  disabled={disabled}
                  onQuantity={(quantity) => onQuantity(product._id, quantity)}
                />
              </td>
              <td className={dataCell.number}>{rupees(product.offerPrice)}</td>
              <td className={dataCell.number}>
                {paiseText(toPaise(product.offerPrice) * line.quantity)}
              </td>
              <td>
                <Button
                  type="button"
                  look="seller"
                  variant="secondary"
                  size="small"
                  disabled={disabled}
                  onClick={() => onQuantity(product._id, 0)}
                >
                  Remove<span className="visually-hidden"> {product.name}</span>
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/**
 * A line's quantity as the seller types it: taken on Enter or on leaving the field, so that
 * clearing it to type another number does not take the line off (an explicit 0 does); Escape
 * puts the quantity back.
 */
function QuantityField({
  quantity,
  name,
  invalid,
  describedBy,
  disabled,
  onQuantity,
}: {
  quantity: number;
  name: string;
  invalid: boolean;
  describedBy: string | undefined;
  disabled: boolean;
  onQuantity: (quantity: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (/^\d{1,3}$/.test(draft.trim())) onQuantity(Number(draft.trim()));
  };
  return (
    <input
      className="counter-bill__quantity"
      type="text"
      inputMode="numeric"
      value={draft ?? String(quantity)}
      aria-label={`Quantity of ${name}`}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}
