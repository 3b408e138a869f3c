import {
  MAX_OPEN_ORDERS,
  MAX_PER_LINE,
  shopTimeLabel,
  type Shop,
  type ShopAnswer,
} from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import { failureMessage } from '../failure-message';
import { shopMutations } from '../features/shop-settings/mutations';
import { OpeningHoursEditor } from '../features/shop-settings/components/opening-hours-editor';
import {
  badOpening,
  pauseFor,
  shopFormProblems,
  shopFormValues,
  shopUpdateOf,
  type ShopFormProblems,
  type ShopFormValues,
} from '../features/shop-settings/shop-form';
import { closedText } from '../../../common/shop-settings/closed-text';
import { shopQueries } from '../../../common/shop-settings/queries';
import { LoadProblem } from '../ui/load-problem';
import { Button } from '../../../common/ui/button';
import '../ui/seller-page.css';
import '../ui/seller-form.css';
import './shop-page.css';

/** How long the quick pauses last, in minutes: a rush, a break. */
const PAUSES = [15, 30, 60, 120] as const;

const pauseLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;

/**
 * Whether the shop takes orders now, and pausing or reopening it (docs/promise.md#opening-hours).
 */
function TakingOrders({ shop }: { shop: Shop }) {
  const save = useMutation(shopMutations.save());
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
        <Button
          type="button"
          look="seller"
          disabled={save.isPending}
          onClick={() => save.mutate({ pausedUntil: null })}
        >
          Reopen now
        </Button>
      ) : (
        <div className="seller-shop__pauses" role="group" aria-label="Pause new orders for">
          <span className="seller-shop__pause-label">Pause for</span>
          {PAUSES.map((minutes) => (
            <Button
              key={minutes}
              type="button"
              look="seller"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate(pauseFor(minutes))}
            >
              {pauseLabel(minutes)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

/** The id of each setting's field (the hours': their first box, when no row is at fault). */
const FIELD_IDS: Record<keyof ShopFormValues, string> = {
  name: 'shop-name',
  phone: 'shop-phone',
  email: 'shop-email',
  address: 'shop-address',
  zipcodes: 'shop-zipcodes',
  hours: 'opening-0-day',
  timeZone: 'shop-time-zone',
  minimumOrder: 'shop-minimumOrder',
  deliveryFee: 'shop-deliveryFee',
  freeDeliveryAbove: 'shop-freeDeliveryAbove',
  maxPerLine: 'shop-maxPerLine',
  maxOpenOrders: 'shop-maxOpenOrders',
  promiseMinutes: 'shop-promise',
  upiId: 'shop-upi-id',
  upiName: 'shop-upi-name',
  returnsPolicy: 'shop-returns-policy',
};

/** The settings form, filled once from what the shop has. */
function SettingsForm({ answer }: { answer: ShopAnswer }) {
  const [values, setValues] = useState(() => shopFormValues(answer.shop, answer.zipcodes ?? []));
  // Found when Save is pressed; a field's goes once it is changed.
  const [problems, setProblems] = useState<ShopFormProblems>({});
  const save = useMutation(shopMutations.save());
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
  const wholeNumber = (name: 'maxPerLine' | 'maxOpenOrders', label: string, hint: string) => {
    const id = FIELD_IDS[name];
    const { attributes, said } = checked(name, `${id}-hint`);
    return (
      <div className="seller-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          inputMode="numeric"
          value={values[name]}
          onChange={(event) => update({ [name]: event.target.value })}
          {...attributes}
        />
        <p className="seller-hint" id={`${id}-hint`}>
          {hint}
        </p>
        {said}
      </div>
    );
  };
  const text = (
    name: 'name' | 'phone' | 'email' | 'address' | 'returnsPolicy',
    label: string,
    options: { hint?: string; rows?: number; type?: 'tel' | 'email' } = {},
  ) => {
    const id = FIELD_IDS[name];
    const { attributes, said } = checked(name, options.hint && `${id}-hint`);
    const field = {
      id,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update({ [name]: event.target.value }),
      ...attributes,
    };
    return (
      <div className="seller-field">
        <label htmlFor={id}>{label}</label>
        {options.rows ? (
          <textarea rows={options.rows} {...field} />
        ) : (
          <input type={options.type ?? 'text'} {...field} />
        )}
        {options.hint && (
          <p className="seller-hint" id={`${id}-hint`}>
            {options.hint}
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
      <fieldset className="seller-fieldset">
        <legend>The shop and how to reach it</legend>
        <div className="seller-field-row">
          {text('name', 'Shop name', {
            hint: 'Atop the storefront, its pages’ titles and receipts.',
          })}
          {text('phone', 'Phone', { type: 'tel' })}
          {text('email', 'E-mail', { type: 'email', hint: 'Empty: none shown.' })}
        </div>
        {text('address', 'Address', {
          rows: 2,
          hint: 'On the contact page and receipts. Empty: none shown.',
        })}
      </fieldset>

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

      <OpeningHoursEditor
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

      <fieldset className="seller-fieldset">
        <legend>How much one shopper may hold</legend>
        <div className="seller-field-row">
          {wholeNumber(
            'maxPerLine',
            'Most of a product in one order',
            `${MAX_PER_LINE.min} to ${MAX_PER_LINE.max}. The counter is not bound by it.`,
          )}
          {wholeNumber(
            'maxOpenOrders',
            'Open unpaid orders a shopper may have',
            `${MAX_OPEN_ORDERS.min} to ${MAX_OPEN_ORDERS.max}: cash not yet paid, or online awaiting payment.`,
          )}
        </div>
      </fieldset>

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
            The shop’s name in a customer’s UPI app.
          </p>
          {upiName.said}
        </div>
      </div>

      {text('returnsPolicy', 'Returns and refunds', {
        rows: 5,
        hint: 'In your own words, for the storefront’s Return & Refund Policy page.',
      })}

      <div>
        <Button type="submit" look="seller" aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /seller/shop: whether the shop takes orders now (pause, reopen), and its settings: where it
 * delivers, when it is open, its minimum, fee and promise, how much one shopper may hold, its UPI
 * id, its name and contact, and its returns policy.
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
              Settings
            </h2>
            <SettingsForm answer={data} />
          </section>
        </>
      )}
    </div>
  );
}
