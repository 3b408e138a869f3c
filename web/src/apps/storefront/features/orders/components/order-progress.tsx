import { PROGRESS_STEPS, progressIndex, type OrderStatus } from '@kirana/shared';
import './order-progress.css';

/** The shopper's progress bar: Pending → Picked → Delivered, up to the order's status. */
export function OrderProgress({ status }: { status: OrderStatus }) {
  const reached = progressIndex(status);
  return (
    <ol className="order-progress" aria-label="Delivery progress">
      {PROGRESS_STEPS.map((step, index) => (
        <li
          key={step}
          className={index <= reached ? 'order-progress__step is-done' : 'order-progress__step'}
          aria-current={index === reached ? 'step' : undefined}
        >
          <span className="order-progress__dot" aria-hidden="true" />
          <span className="order-progress__label">
            {step}
            {index <= reached ? (
              <span className="visually-hidden">
                {index === reached ? ' (current)' : ' (done)'}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
