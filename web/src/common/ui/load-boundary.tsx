import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { Button } from './button';
import './load-boundary.css';

interface LoadBoundaryProps {
  /** Shown while the children wait for their data. */
  fallback: ReactNode;
  /** Refetches what failed before the children render again. */
  onRetry: () => void;
  /** What to say when loading failed; defaults to the error's message. */
  errorMessage?: string;
  children: ReactNode;
}

/** Suspense plus an error state with a retry button, for a section that loads its own data. */
export function LoadBoundary({ fallback, onRetry, errorMessage, children }: LoadBoundaryProps) {
  return (
    <ErrorBoundary
      onRetry={onRetry}
      fallback={(error, retry) => (
        <div className="error-state" role="alert">
          <p>{errorMessage ?? error.message}</p>
          <Button type="button" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
