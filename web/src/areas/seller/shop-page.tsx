import { shopTimeLabel, type Shop, type ShopAnswer } from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../features/seller/failure-message';
import { saveShopMutation } from '../../features/seller/queries';
import {
  NEW_OPENING,
  badOpening,
  pauseFor,
  shopFormProblems,
  shopFormValues,
  shopUpdateOf,
  WEEKDAYS,
  type ShopFormProblems,
  type ShopFormValues,
} from '../../features/seller/shop-form';
import { closedText } from '../../features/shop/closed-text';
import { shopQueries } from '../../features/shop/queries';
import { LoadProblem } from './load-problem';
import '../../features/seller/components/seller-screen.css';
import '../../features/seller/components/seller-button.css';
import '../../features/seller/components/seller-form.css';
import './shop-page.css';

/** How long the quick pauses last, in minutes: a rush, a break. */
const PAUSES = [15, 30, 60, 120] as const;

const pauseLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;

/** Whether the shop takes orders now, and pausing or reopening it (design: The promise). */
function TakingOrders({ shop }: { shop: Shop }) {
  const save = useMutation(saveShopMutation());
  const headingId = useId();
  const status = shop.open
    ? `Open now${shop.closesAt ? ` — closes at ${shopTimeLabel(new Date(shop.closesAt), shop.timeZone, new Date())}` : ''}`
    : closedText(shop);
  return (
    <section className="seller-panel seller-shop__now" aria-labelledby={headingId}>
      <h2 id={headingId} className="seller-panel__title">
        Taking orders
      </h2>
      <p className="seller-shop__status" data-open={shop.open} role="status">
        {status}
      </p>
      {shop.pausedUntil ? (
        <button
          type="button"
          className="seller-button"
          disabled={save.isPending}
          onClick={() => save.mutate({ pausedUntil: null })}
        >
          Reopen now
        </button>
      ) : (
        <div className="seller-shop__pauses" role="group" aria-label="Pause new orders for">
          <span className="seller-shop__pause-label">Pause for</span>
          {PAUSES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="seller-button seller-button--ghost"
              disabled={save.isPending}
              onClick={() => save.mutate(pauseFor(minutes))}
            >
              {pauseLabel(minutes)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** The opening hours: a row per opening; none is open around the clock. */
function HoursEditor({
  hours,
  onChange,
  problem,
}: {
  hours: ShopFormValues['hours'];
  onChange: (hours: ShopFormValues['hours']) => void;
  /** What is wrong with them, said under the legend and by the row at fault. */
  problem?: string | undefined;
}) {
  const change = (index: number, part: Partial<ShopFormValues['hours'][number]>) =>
    onChange(hours.map((opening, at) => (at === index ? { ...opening, ...part } : opening)));
  const atFault = problem ? badOpening(hours) : -1;
  const faulty = (index: number) =>
    index === atFault
      ? { 'aria-invalid': true, 'aria-describedby': HOURS_PROBLEM_ID }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };
  return (
    <fieldset
      className="seller-fieldset seller-shop__hours"
      aria-describedby={problem ? HOURS_PROBLEM_ID : undefined}
    >
      <legend>Opening hours</legend>
      {problem && (
        <p id={HOURS_PROBLEM_ID} className="seller-field__problem">
          {problem}
        </p>
      )}
      {hours.length === 0 ? (
        <p className="seller-hint">No hours: the shop takes orders around the clock.</p>
      ) : (
        <ul className="seller-shop__openings" role="list">
          {hours.map((opening, index) => (
            <li key={index} className="seller-shop__opening">
              <label className="visually-hidden" htmlFor={`opening-${index}-day`}>
                Day of opening {index + 1}
              </label>
              <select
                id={`opening-${index}-day`}
                value={opening.day}
                onChange={(event) => change(index, { day: Number(event.target.value) })}
              >
                {WEEKDAYS.map((day, value) => (
                  <option key={day} value={value}>
                    {day}
                  </option>
                ))}
              </select>
              {/* Each label stays beside its time when the row wraps on a phone. */}
              <span className="seller-shop__time">
                <label htmlFor={`opening-${index}-opens`}>Opens</label>
                <input
                  id={`opening-${index}-opens`}
                  type="time"
                  value={opening.opens}
                  onChange={(event) => change(index, { opens: event.target.value })}
                  required
                  {...faulty(index)}
                />
              </span>
              <span className="seller-shop__time">
                <label htmlFor={`opening-${index}-closes`}>Closes</label>
                <input
                  id={`opening-${index}-closes`}
                  type="time"
                  value={opening.closes === '24:00' ? '00:00' : opening.closes}
                  onChange={(event) => change(index, { closes: event.target.value })}
                  required
                  {...faulty(index)}
                />
              </span>
              <button
                type="button"
                className="seller-button seller-button--ghost seller-button--small"
                onClick={() => onChange(hours.filter((_, at) => at !== index))}
              >
                Remove<span className="visually-hidden"> {WEEKDAYS[opening.day]}’s opening</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="seller-hint">
        A closing time before the opening one is the next morning; closing at 00:00 is midnight, and
        00:00 to 00:00 the whole day.
      </p>
      <div>
        <button
          type="button"
          className="seller-button seller-button--ghost"
          onClick={() => onChange([...hours, NEW_OPENING])}
        >
          Add opening hours
        </button>
      </div>
    </fieldset>
  );
}

const HOURS_PROBLEM_ID = 'shop-hours-problem';

/** The id of each setting's field (the hours': their first box, when no row is at fault). */
const FIELD_IDS: Record<keyof ShopFormValues, string> = {
  zipcodes: 'shop-zipcodes',
  hours: 'opening-0-day',
  timeZone: 'shop-time-zone',
  minimumOrder: 'shop-minimumOrder',
  deliveryFee: 'shop-deliveryFee',
  freeDeliveryAbove: 'shop-freeDeliveryAbove',
  promiseMinutes: 'shop-promise',
  upiId: 'shop-upi-id',
  upiName: 'shop-upi-name',
};

/** The settings form, filled once from what the shop has. */
function SettingsForm({ answer }: { answer: ShopAnswer }) {
  const [values, setValues] = useState(() => shopFormValues(answer.shop, answer.zipcodes ?? []));
  // Found when Save is pressed; a field's goes once it is changed.
  const [problems, setProblems] = useState<ShopFormProblems>({});
  const save = useMutation(saveShopMutation());
  const update = (part: Partial<ShopFormValues>) => {
    setValues({ ...values, ...part });
    setProblems((found) =>
      Object.fromEntries(Object.entries(found).filter(([field]) => !(field in part))),
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = shopFormProblems(values);
    setProblems(found);
    const first = (Object.keys(FIELD_IDS) as (keyof ShopFormValues)[]).find((name) => found[name]);
    const row = badOpening(values.hours);
    const target =
      first === 'hours' && row >= 0 ? `opening-${row}-opens` : first && FIELD_IDS[first];
    if (target) document.getElementById(target)?.focus();
    else save.mutate(shopUpdateOf(values));
  };
  /** The field's own attributes for what is wrong with it, and the words said under it. */
  const checked = (name: keyof ShopFormValues, hint?: string) => {
    const problemId = `${FIELD_IDS[name]}-problem`;
    const described = [hint, problems[name] && problemId].filter(Boolean).join(' ');
    return {
      attributes: {
        'aria-invalid': problems[name] ? true : undefined,
        'aria-describedby': described || undefined,
      },
      said: problems[name] && (
        <p id={problemId} className="seller-field__problem">
          {problems[name]}
        </p>
      ),
    };
  };
  const amount = (
    name: 'minimumOrder' | 'deliveryFee' | 'freeDeliveryAbove',
    label: string,
    hint?: string,
  ) => {
    const { attributes, said } = checked(name, hint && `shop-${name}-hint`);
    return (
      <div className="seller-field">
        <label htmlFor={`shop-${name}`}>{label}</label>
        <input
          id={`shop-${name}`}
          inputMode="decimal"
          value={values[name]}
          onChange={(event) => update({ [name]: event.target.value })}
          {...attributes}
        />
        {hint && (
          <p className="seller-hint" id={`shop-${name}-hint`}>
            {hint}
          </p>
        )}
        {said}
      </div>
    );
  };
  const zipcodes = checked('zipcodes', 'shop-zipcodes-hint');
  const timeZone = checked('timeZone', 'shop-time-zone-hint');
  const promise = checked('promiseMinutes');
  const upiId = checked('upiId');
  const upiName = checked('upiName', 'shop-upi-name-hint');

  return (
    <form className="seller-form seller-form--wide seller-shop__form" onSubmit={submit}>
      <div className="seller-field">
        <label htmlFor="shop-zipcodes">PIN codes the shop delivers to</label>
        <textarea
          id="shop-zipcodes"
          rows={3}
          value={values.zipcodes}
          onChange={(event) => update({ zipcodes: event.target.value })}
          {...zipcodes.attributes}
        />
        <p className="seller-hint" id="shop-zipcodes-hint">
          Separated by commas or spaces. Empty: the shop delivers everywhere.
        </p>
        {zipcodes.said}
      </div>

      <HoursEditor
        hours={values.hours}
        onChange={(hours) => update({ hours })}
        problem={problems.hours}
      />

      <div className="seller-field">
        <label htmlFor="shop-time-zone">Time zone of the hours</label>
        <input
          id="shop-time-zone"
          value={values.timeZone}
          onChange={(event) => update({ timeZone: event.target.value })}
          {...timeZone.attributes}
        />
        <p className="seller-hint" id="shop-time-zone-hint">
          For example Asia/Kolkata.
        </p>
        {timeZone.said}
      </div>

      <div className="seller-field-row">
        {amount('minimumOrder', 'Minimum order (₹)', '0: no minimum.')}
        {amount('deliveryFee', 'Delivery fee (₹)', '0: free delivery.')}
        {amount('freeDeliveryAbove', 'Free delivery from (₹)', '0: the fee is always charged.')}
      </div>

      <div className="seller-field-row">
        <div className="seller-field">
          <label htmlFor="shop-promise">Delivery promise (minutes)</label>
          <input
            id="shop-promise"
            inputMode="numeric"
            value={values.promiseMinutes}
            onChange={(event) => update({ promiseMinutes: event.target.value })}
            {...promise.attributes}
          />
          {promise.said}
        </div>
        <div className="seller-field">
          <label htmlFor="shop-upi-id">UPI id</label>
          <input
            id="shop-upi-id"
            value={values.upiId}
            placeholder="kirana@upi"
            onChange={(event) => update({ upiId: event.target.value })}
            {...upiId.attributes}
          />
          {upiId.said}
        </div>
        <div className="seller-field">
          <label htmlFor="shop-upi-name">Name on UPI</label>
          <input
            id="shop-upi-name"
            value={values.upiName}
            onChange={(event) => update({ upiName: event.target.value })}
            {...upiName.attributes}
          />
          <p className="seller-hint" id="shop-upi-name-hint">
            The shop’s name in a customer’s UPI app, and atop the counter’s receipts.
          </p>
          {upiName.said}
        </div>
      </div>

      <div>
        <button type="submit" className="seller-button" aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/**
 * /seller/shop: whether the shop takes orders now (pause, reopen), and its settings: where it
 * delivers, when it is open, its minimum, fee and promise, and its UPI id.
 */
export function ShopPage() {
  const { data, error, refetch } = useQuery(shopQueries.settings());
  const failure = data ? null : error && failureMessage(error, 'Failed to load the shop settings');
  return (
    <div className="seller-page seller-shop">
      <title>Shop · Kirana Seller</title>
      <header className="seller-page__head">
        <h1>Shop</h1>
      </header>
      {failure ? (
        <LoadProblem message={failure} onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner label="Loading the shop settings…" />
      ) : (
        <>
          <TakingOrders shop={data.shop} />
          <section className="seller-section" aria-labelledby="shop-settings-heading">
            <h2 id="shop-settings-heading" className="seller-section__title">
              Delivery and hours
            </h2>
            <SettingsForm answer={data} />
          </section>
        </>
      )}
    </div>
  );
}
