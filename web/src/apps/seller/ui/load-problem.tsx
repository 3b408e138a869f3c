import { Button } from '../../../common/ui/button';
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
      <Button type="button" look="seller" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
