import './spinner.css';
interface SpinnerProps {
  /** Read out to screen readers while the spinner shows. */
  label: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
