import { formatQuantity, type Unit } from '@kirana/shared';
import { MinusIcon, PlusIcon } from '../../../../../common/ui/icons';
import './quantity-stepper.css';

interface QuantityStepperProps {
  productName: string;
  /** Pieces, or grams (ml) of a loose product, shown as "750 g", "1.5 kg". */
  quantity: number;
  unit: Unit;
  /** False once the cart holds every unit left: + is off. */
  canAdd: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

/** − quantity + for a product already in the cart: a piece at a time, or a loose one's steps. */
export function QuantityStepper({
  productName,
  quantity,
  unit,
  canAdd,
  onAdd,
  onRemove,
}: QuantityStepperProps) {
  const loose = unit !== 'piece';
  return (
    <div className="stepper" role="group" aria-label={`${productName} in cart`}>
      <button
        type="button"
        className="stepper__button"
        onClick={onRemove}
        aria-label={loose ? `Less ${productName}` : `Remove one ${productName}`}
      >
        <MinusIcon size={16} />
      </button>
      <span className="stepper__count" aria-live="polite">
        {formatQuantity(quantity, unit)}
      </span>
      <button
        type="button"
        className="stepper__button"
        onClick={onAdd}
        disabled={!canAdd}
        aria-label={loose ? `More ${productName}` : `Add one more ${productName}`}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
