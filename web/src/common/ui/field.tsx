import type { ComponentProps, ReactNode } from 'react';
import './field.css';

/** What a field's control carries: its id (the label's `for`), and what describes it. */
export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps {
  /** The control's id; its hint's and problem's ids are made from it. */
  id: string;
  label: ReactNode;
  /** Marked '(optional)' after the label. */
  optional?: boolean;
  /** Said under the control, always. */
  hint?: ReactNode;
  /** What is wrong with the value, said under the control; the control is then invalid. */
  problem?: string | undefined;
  className?: string;
  /** The control (an input, select or textarea), given the attributes that wire it up. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A labelled form control in the seller's look, with its hint and what is wrong with it read
 * out as its description.
 */
export function Field({ id, label, optional, hint, problem, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const described = [hintId, problemId].filter(Boolean).join(' ');
  return (
    <div className={withClass('ui-field', className)}>
      <label htmlFor={id}>
        {label}
        {optional && (
          <>
            {' '}
            <span className="ui-field__optional">(optional)</span>
          </>
        )}
      </label>
      {children({
        id,
        'aria-describedby': described || undefined,
        'aria-invalid': problem ? true : undefined,
      })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {problem && <FieldProblem id={problemId}>{problem}</FieldProblem>}
    </div>
  );
}

const withClass = (own: string, className: string | undefined) =>
  className ? `${own} ${className}` : own;

/** A hint as a Field says it; on its own, a fieldset's or a row's of controls. */
export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={withClass('ui-field__hint', className)} {...props} />;
}

/** What is wrong, as a Field says it; on its own, a fieldset's or a row's of controls. */
export function FieldProblem({ className, ...props }: ComponentProps<'p'>) {
  return <p className={withClass('ui-field__problem', className)} {...props} />;
}
