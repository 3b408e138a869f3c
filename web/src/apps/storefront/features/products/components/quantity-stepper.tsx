import { MinusIcon, PlusIcon } from '../../../../../common/ui/icons';
import './quantity-stepper.css';

interface QuantityStepperProps {
  productName: string;
  quantity: number;
  /** False once the cart holds every unit left: + is off. */
  canAdd: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

/** − quantity + for a product already in the cart. */
export function QuantityStepper({
  productName,
  quantity,
  canAdd,
  onAdd,
  onRemove,
}: QuantityStepperProps) {
  return (
    <div className="stepper" role="group" aria-label={`${productName} in cart`}>
      <button
        type="button"
        className="stepper__button"
        onClick={onRemove}
        aria-label={`Remove one ${productName}`}
      >
        <MinusIcon size={16} />
      </button>
      <span className="stepper__count" aria-live="polite">
        {quantity}
      </span>
      <button
        type="button"
        className="stepper__button"
        onClick={onAdd}
        disabled={!canAdd}
        aria-label={`Add one more ${productName}`}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
