import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What to show instead of the children once they threw; `retry` renders them again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  /** Called before a retry, e.g. to refetch what failed. */
  onRetry?: () => void;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches a render or loading error below it (React still offers this only as a class). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(thrown: unknown): ErrorBoundaryState {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, this.retry) : this.props.children;
  }
}
