import { MinusIcon, PlusIcon } from '../../../components/ui/icons';

interface QuantityStepperProps {
  productName: string;
  quantity: number;
  onAdd: () => void;
  onRemove: () => void;
}

/** − quantity + for a product already in the cart. */
export function QuantityStepper({ productName, quantity, onAdd, onRemove }: QuantityStepperProps) {
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
        aria-label={`Add one more ${productName}`}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
