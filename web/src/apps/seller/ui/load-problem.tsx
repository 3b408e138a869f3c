import './seller-button.css';
import './load-problem.css';
interface LoadProblemProps {
  message: string;
  onRetry: () => void;
}

/** A screen's list could not be loaded: says so and offers another try. */
export function LoadProblem({ message, onRetry }: LoadProblemProps) {
  return (
    <div className="seller-problem" role="alert">
      <p>{message}</p>
      <button type="button" className="seller-button seller-button--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
