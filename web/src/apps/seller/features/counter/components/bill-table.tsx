import { formatQuantity, formatReceiptQuantity } from '@kirana/shared';
import { useId, useState } from 'react';
import { lineAmountOf, shortOf, typedQuantity, type Bill, type BillLine } from '../bill';
import { paiseText, priceText } from '../money';
import { Button } from '../../../../../common/ui/button';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';

interface BillTableProps {
  bill: Bill;
  onQuantity: (productId: string, quantity: number) => void;
  disabled?: boolean;
}

/** What a loose line weighs at what price, as its receipt prints it: "0.750 kg × ₹140.00/kg". */
const measureText = ({ product, quantity }: BillLine) =>
  `${formatReceiptQuantity(quantity, product.unit)} × ${priceText(product)}`;

/**
 * The bill's lines, newest last: each quantity editable (a loose line's as a weight), 0 or
 * Remove takes a line off.
 */
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
                {product.unit !== 'piece' && (
                  <span className="counter-bill__measure">{measureText(line)}</span>
                )}
                {short > 0 && (
                  <span id={problemId} className="counter-bill__short">
                    {product.inStock && product.stockCount !== null
                      ? `Only ${formatQuantity(product.stockCount, product.unit)} left`
                      : 'Out of stock'}
                  </span>
                )}
              </th>
              <td className={dataCell.number}>
                <QuantityField
                  line={line}
                  invalid={short > 0}
                  describedBy={short > 0 ? problemId : undefined}
                  disabled={disabled}
                  onQuantity={(quantity) => onQuantity(product._id, quantity)}
                />
              </td>
              <td className={dataCell.number}>{priceText(product)}</td>
              <td className={dataCell.number}>{paiseText(lineAmountOf(line))}</td>
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
 * puts the quantity back. A loose line's is its weight in kilos (litres), or with its unit; one
 * refused stays in the field with the reason.
 */
function QuantityField({
  line: { product, quantity },
  invalid,
  describedBy,
  disabled,
  onQuantity,
}: {
  line: BillLine;
  invalid: boolean;
  describedBy: string | undefined;
  disabled: boolean;
  onQuantity: (quantity: number) => void;
}) {
  const problemId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loose = product.unit !== 'piece';
  const commit = () => {
    if (draft === null) return;
    const typed = typedQuantity(draft, product.unit);
    if ('problem' in typed) return setProblem(typed.problem);
    setDraft(null);
    setProblem(null);
    // Cleared: the quantity comes back; an explicit 0 takes the line off.
    if (draft.trim() !== '') onQuantity(typed.quantity);
  };
  const shown = loose
    ? formatReceiptQuantity(quantity, product.unit).split(' ')[0]
    : String(quantity);
  return (
    <>
      <input
        className="counter-bill__quantity"
        type="text"
        inputMode={loose ? 'decimal' : 'numeric'}
        value={draft ?? shown}
        aria-label={`${loose ? `${product.unit === 'L' ? 'Volume' : 'Weight'} in ${product.unit}` : 'Quantity'} of ${product.name}`}
        aria-invalid={invalid || problem !== null}
        aria-describedby={
          [describedBy, problem && problemId].filter(Boolean).join(' ') || undefined
        }
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setDraft(null);
            setProblem(null);
          }
        }}
      />
      {loose && <span className="counter-bill__unit"> {product.unit}</span>}
      {problem && (
        <span id={problemId} className="counter-bill__short" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
