import { WEEK_ORDER, weekAtAGlance, WEEKDAYS, type OpeningHoursSettings } from '@kirana/shared';
import { useId, useState, type ComponentProps } from 'react';
import { DAY_PRESETS } from '../opening-hours';
import { badOpening, NEW_OPENING } from '../shop-form';
import type { HoursEdit } from '../shop-settings-reducer';
import { Button } from '../../../../../common/ui/button';
import { FieldHint, FieldProblem } from '../../../../../common/ui/field';
import './opening-hours-editor.css';
import './settings-controls.css';

export const HOURS_PROBLEM_ID = 'shop-hours-problem';

/** A time of day and its label, which stays beside it when a row wraps on a phone. */
function TimeBox({
  id,
  label,
  onTime,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'onChange'> & {
  id: string;
  label: string;
  onTime: (time: string) => void;
}) {
  return (
    <span className="opening-tool__time">
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} type="time" onChange={(event) => onTime(event.target.value)} />
    </span>
  );
}

/** The week read at a glance: seven rows, Monday first, closed days said so. */
function WeekAtAGlance({ hours }: { hours: readonly OpeningHoursSettings[] }) {
  return (
    <table className="opening-week">
      <caption>The week at a glance</caption>
      <tbody>
        {weekAtAGlance(hours).map(({ day, openings }) => (
          <tr key={day} data-closed={openings.length === 0}>
            <th scope="row">{WEEKDAYS[day]}</th>
            <td>{openings.length === 0 ? 'Closed' : openings.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The same hours on several days in one press: every day, Monday to Saturday or to Friday. */
function SameHours({
  onSet,
}: {
  onSet: (days: readonly number[], opens: string, closes: string) => void;
}) {
  const id = useId();
  const [opens, setOpens] = useState(NEW_OPENING.opens);
  const [closes, setCloses] = useState(NEW_OPENING.closes);
  return (
    <fieldset className="opening-tool">
      <legend>Same hours on several days</legend>
      <TimeBox id={`${id}-from`} label="From" value={opens} onTime={setOpens} />
      <TimeBox id={`${id}-to`} label="To" value={closes} onTime={setCloses} />
      <span className="opening-tool__actions">
        {DAY_PRESETS.map((preset) => (
          <Button
            key={preset.label}
            type="button"
            look="seller"
            variant="secondary"
            size="small"
            disabled={!opens || !closes}
            onClick={() => onSet(preset.days, opens, closes)}
          >
            {preset.label}
          </Button>
        ))}
      </span>
    </fieldset>
  );
}

/** One day's hours copied to the days ticked, replacing theirs. */
function CopyDay({ onCopy }: { onCopy: (from: number, to: number[]) => void }) {
  const id = useId();
  const [from, setFrom] = useState<number>(WEEK_ORDER[0]);
  const [to, setTo] = useState<number[]>([]);
  return (
    <fieldset className="opening-tool">
      <legend>Copy a day’s hours</legend>
      <span className="opening-tool__time">
        <label htmlFor={`${id}-from`}>Copy</label>
        <select
          id={`${id}-from`}
          value={from}
          onChange={(event) => setFrom(Number(event.target.value))}
        >
          {WEEK_ORDER.map((day) => (
            <option key={day} value={day}>
              {WEEKDAYS[day]}
            </option>
          ))}
        </select>
      </span>
      <span className="opening-tool__days" role="group" aria-label="to these days">
        <span aria-hidden="true">to</span>
        {WEEK_ORDER.filter((day) => day !== from).map((day) => (
          <label key={day} className="opening-tool__day">
            <input
              type="checkbox"
              aria-label={WEEKDAYS[day]}
              checked={to.includes(day)}
              onChange={(event) =>
                setTo(event.target.checked ? [...to, day] : to.filter((each) => each !== day))
              }
            />
            {WEEKDAYS[day]?.slice(0, 3)}
          </label>
        ))}
      </span>
      <Button
        type="button"
        look="seller"
        variant="secondary"
        size="small"
        disabled={to.filter((day) => day !== from).length === 0}
        onClick={() => {
          onCopy(from, to);
          setTo([]);
        }}
      >
        Copy hours
      </Button>
    </fieldset>
  );
}

/**
 * The opening hours: the week at a glance, the same hours on several days at once, a day copied
 * to others, and a row per opening to adjust; none is open around the clock.
 */
export function OpeningHoursEditor({
  hours,
  onEdit,
  problem,
}: {
  hours: OpeningHoursSettings[];
  onEdit: (edit: HoursEdit) => void;
  /** What is wrong with them, said under the legend and by the row at fault. */
  problem?: string | undefined;
}) {
  const change = (index: number, part: Partial<OpeningHoursSettings>) =>
    onEdit({ kind: 'opening changed', index, part });
  const atFault = problem ? badOpening(hours) : -1;
  const faulty = (index: number) =>
    index === atFault
      ? { 'aria-invalid': true, 'aria-describedby': HOURS_PROBLEM_ID }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };
  return (
    <fieldset
      className="seller-fieldset opening-hours settings-controls"
      aria-describedby={problem ? HOURS_PROBLEM_ID : undefined}
    >
      <legend>Opening hours</legend>
      {problem && <FieldProblem id={HOURS_PROBLEM_ID}>{problem}</FieldProblem>}
      <WeekAtAGlance hours={hours} />
      <div className="opening-tools">
        <SameHours
          onSet={(days, opens, closes) => onEdit({ kind: 'days set', days, opens, closes })}
        />
        <CopyDay onCopy={(from, to) => onEdit({ kind: 'day copied', from, to })} />
      </div>
      {hours.length === 0 ? (
        <FieldHint>No hours: the shop takes orders around the clock.</FieldHint>
      ) : (
        <ul className="opening-hours__rows" role="list">
          {hours.map((opening, index) => (
            <li key={index} className="opening-hours__row">
              <label className="visually-hidden" htmlFor={`opening-${index}-day`}>
                Day of opening {index + 1}
              </label>
              <select
                id={`opening-${index}-day`}
                value={opening.day}
                onChange={(event) => change(index, { day: Number(event.target.value) })}
              >
                {WEEK_ORDER.map((day) => (
                  <option key={day} value={day}>
                    {WEEKDAYS[day]}
                  </option>
                ))}
              </select>
              <TimeBox
                id={`opening-${index}-opens`}
                label="Opens"
                value={opening.opens}
                onTime={(opens) => change(index, { opens })}
                required
                {...faulty(index)}
              />
              <TimeBox
                id={`opening-${index}-closes`}
                label="Closes"
                value={opening.closes === '24:00' ? '00:00' : opening.closes}
                onTime={(closes) => change(index, { closes })}
                required
                {...faulty(index)}
              />
              <Button
                type="button"
                look="seller"
                variant="secondary"
                size="small"
                onClick={() => onEdit({ kind: 'opening removed', index })}
              >
                Remove<span className="visually-hidden"> {WEEKDAYS[opening.day]}’s opening</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FieldHint>
        A closing time before the opening one is the next morning; closing at 00:00 is midnight, and
        00:00 to 00:00 the whole day.
      </FieldHint>
      <div>
        <Button
          type="button"
          look="seller"
          variant="secondary"
          onClick={() => onEdit({ kind: 'opening added' })}
        >
          Add opening hours
        </Button>
      </div>
    </fieldset>
  );
}
