import { SCALE_LABEL_VALUES, type ScaleLabelSetting, type ScaleLabelValue } from '@kirana/shared';
import { badScaleLabel, newScaleLabel } from '../shop-form';
import type { ScaleLabelsEdit } from '../shop-settings-reducer';
import { Button } from '../../../../../common/ui/button';
import { FieldHint, FieldProblem } from '../../../../../common/ui/field';
import './scale-labels-editor.css';
import './settings-controls.css';

const PROBLEM_ID = 'scale-labels-problem';
const HINT_ID = 'scale-labels-hint';

/** What a label's value is, in the seller's words. */
const VALUE_TEXT: Record<ScaleLabelValue, string> = {
  grams: 'the weight (grams or ml)',
  paise: 'the price (paise)',
};

/**
 * The weighing scales' labels (docs/counter.md#weighing-scale-labels): per prefix, a row saying
 * whether its labels carry the weight or the price; rows added with the next free prefix and
 * removed. The counter reads a label by them.
 */
export function ScaleLabelsEditor({
  labels,
  onEdit,
  problem,
}: {
  labels: ScaleLabelSetting[];
  onEdit: (edit: ScaleLabelsEdit) => void;
  /** What is wrong with them, said under the legend and by the row at fault. */
  problem?: string | undefined;
}) {
  const atFault = problem ? badScaleLabel(labels) : -1;
  return (
    <fieldset
      className="seller-fieldset scale-labels settings-controls"
      aria-describedby={problem ? `${HINT_ID} ${PROBLEM_ID}` : HINT_ID}
    >
      <legend>Weighing-scale labels</legend>
      <FieldHint id={HINT_ID}>
        A label your scale prints begins with 2 and one more digit, then the product&rsquo;s 5-digit
        scale code. Say for each beginning whether the label carries the weight or the price, as the
        scale is set up; the counter reads labels by this.
      </FieldHint>
      {problem && <FieldProblem id={PROBLEM_ID}>{problem}</FieldProblem>}
      {labels.length === 0 ? (
        <FieldHint>No prefixes: the counter reads no scale labels.</FieldHint>
      ) : (
        <ul className="scale-labels__rows" role="list">
          {labels.map((label, index) => (
            <li key={index} className="scale-labels__row">
              <label htmlFor={`scale-label-${index}-prefix`}>
                Labels beginning<span className="visually-hidden"> (prefix {index + 1})</span>
              </label>
              <input
                id={`scale-label-${index}-prefix`}
                type="text"
                className="scale-labels__prefix"
                value={label.prefix}
                inputMode="numeric"
                maxLength={2}
                autoComplete="off"
                aria-invalid={index === atFault ? true : undefined}
                aria-describedby={index === atFault ? PROBLEM_ID : undefined}
                onChange={(event) =>
                  onEdit({ kind: 'label changed', index, part: { prefix: event.target.value } })
                }
              />
              <label htmlFor={`scale-label-${index}-value`}>
                carry<span className="visually-hidden"> (prefix {index + 1})</span>
              </label>
              <select
                id={`scale-label-${index}-value`}
                value={label.value}
                onChange={(event) =>
                  onEdit({
                    kind: 'label changed',
                    index,
                    part: { value: event.target.value as ScaleLabelValue },
                  })
                }
              >
                {SCALE_LABEL_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {VALUE_TEXT[value]}
                  </option>
                ))}
              </select>
              <Button
                type="button"
                look="seller"
                variant="secondary"
                size="small"
                onClick={() => onEdit({ kind: 'label removed', index })}
              >
                Remove<span className="visually-hidden"> labels beginning {label.prefix}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          id="scale-label-add"
          type="button"
          look="seller"
          variant="secondary"
          size="small"
          disabled={newScaleLabel(labels) === null}
          onClick={() => onEdit({ kind: 'label added' })}
        >
          Add a label prefix
        </Button>
      </div>
    </fieldset>
  );
}
