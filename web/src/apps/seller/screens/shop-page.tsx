import {
  MAX_OPEN_ORDERS,
  MAX_PER_LINE,
  shopTimeLabel,
  TAX_MODES,
  type Shop,
  type ShopAnswer,
} from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import { failureMessage } from '../failure-message';
import { shopMutations } from '../features/shop-settings/mutations';
import { OpeningHoursEditor } from '../features/shop-settings/components/opening-hours-editor';
import { ScaleLabelsEditor } from '../features/shop-settings/components/scale-labels-editor';
import { pauseFor, TAX_MODE_CHOICES } from '../features/shop-settings/shop-form';
import { FIELD_IDS, type ShopTextSetting } from '../features/shop-settings/shop-settings-reducer';
import { useShopSettings } from '../features/shop-settings/use-shop-settings';
import { closedText } from '../../../common/shop-settings/closed-text';
import { shopQueries } from '../../../common/shop-settings/queries';
import { LoadProblem } from '../ui/load-problem';
import { Button } from '../../../common/ui/button';
import { Field } from '../../../common/ui/field';
import { Panel, Section, SellerPage } from '../ui/seller-page';
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
  const status = shop.open
    ? `Open now${shop.closesAt ? ` — closes at ${shopTimeLabel(new Date(shop.closesAt), shop.timeZone, new Date())}` : ''}`
    : closedText(shop);
  return (
    <Panel title="Taking orders" className="seller-shop__now">
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
    </Panel>
  );
}

/** How a setting's box is drawn: lines of text, its keyboard, an example. */
interface Box {
  hint?: string;
  rows?: number;
  type?: 'tel' | 'email';
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
  maxLength?: number;
  autoCapitalize?: 'characters';
}

/** The settings form, filled once from what the shop has. */
function SettingsForm({ answer }: { answer: ShopAnswer }) {
  const form = useShopSettings(answer);
  const { values, problems } = form;
  const setting = (name: ShopTextSetting, label: string, { hint, rows, ...box }: Box = {}) => (
    <Field id={FIELD_IDS[name]} label={label} hint={hint} problem={problems[name]}>
      {(control) => {
        const typed = {
          ...control,
          value: values[name],
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            form.type(name, event.target.value),
        };
        return rows ? (
          <textarea rows={rows} {...typed} />
        ) : (
          <input type="text" {...box} {...typed} />
        );
      }}
    </Field>
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form className="seller-form seller-form--wide seller-shop__form" onSubmit={submit}>
      <fieldset className="seller-fieldset">
        <legend>The shop and how to reach it</legend>
        <div className="seller-field-row">
          {setting('name', 'Shop name', {
            hint: 'Atop the storefront, its pages’ titles and receipts.',
          })}
          {setting('phone', 'Phone', { type: 'tel' })}
          {setting('email', 'E-mail', { type: 'email', hint: 'Empty: none shown.' })}
        </div>
        {setting('address', 'Address', {
          rows: 2,
          hint: 'On the contact page and receipts. Empty: none shown.',
        })}
      </fieldset>

      <fieldset className="seller-fieldset">
        <legend>Tax and bills</legend>
        <Field
          id={FIELD_IDS.tax}
          label="Tax mode"
          hint={TAX_MODE_CHOICES[values.tax].prints}
          problem={problems.tax}
        >
          {(control) => (
            <select
              {...control}
              value={values.tax}
              onChange={(event) => {
                const mode = TAX_MODES.find((each) => each === event.target.value);
                if (mode) form.chooseTax(mode);
              }}
            >
              {TAX_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {TAX_MODE_CHOICES[mode].label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="seller-field-row">
          {setting('gstin', 'GSTIN', {
            placeholder: '27AAPFU0939F1ZV',
            maxLength: 15,
            autoCapitalize: 'characters',
            hint: 'Registered and composition shops: on every bill.',
          })}
          {setting('legalName', 'Legal name', {
            hint: 'The name the GSTIN is registered to.',
          })}
          {setting('invoicePrefix', 'Invoice prefix', {
            placeholder: 'KS',
            maxLength: 4,
            autoCapitalize: 'characters',
            hint: 'Up to 4 letters and digits before each bill’s number.',
          })}
        </div>
      </fieldset>

      {setting('zipcodes', 'PIN codes the shop delivers to', {
        rows: 3,
        hint: 'Separated by commas or spaces. Empty: the shop delivers everywhere.',
      })}

      <OpeningHoursEditor hours={values.hours} onEdit={form.editHours} problem={problems.hours} />

      {setting('timeZone', 'Time zone of the hours', { hint: 'For example Asia/Kolkata.' })}

      <div className="seller-field-row">
        {setting('minimumOrder', 'Minimum order (₹)', {
          inputMode: 'decimal',
          hint: '0: no minimum.',
        })}
        {setting('deliveryFee', 'Delivery fee (₹)', {
          inputMode: 'decimal',
          hint: '0: free delivery.',
        })}
        {setting('freeDeliveryAbove', 'Free delivery from (₹)', {
          inputMode: 'decimal',
          hint: '0: the fee is always charged.',
        })}
      </div>

      <fieldset className="seller-fieldset">
        <legend>How much one shopper may hold</legend>
        <div className="seller-field-row">
          {setting('maxPerLine', 'Most of a product in one order', {
            inputMode: 'numeric',
            hint: `${MAX_PER_LINE.min} to ${MAX_PER_LINE.max}. The counter is not bound by it.`,
          })}
          {setting('maxOpenOrders', 'Open unpaid orders a shopper may have', {
            inputMode: 'numeric',
            hint: `${MAX_OPEN_ORDERS.min} to ${MAX_OPEN_ORDERS.max}: cash not yet paid, or online awaiting payment.`,
          })}
        </div>
      </fieldset>

      <div className="seller-field-row">
        {setting('promiseMinutes', 'Delivery promise (minutes)', { inputMode: 'numeric' })}
        {setting('upiId', 'UPI id', { placeholder: 'kirana@upi' })}
        {setting('upiName', 'Name on UPI', {
          hint: 'The shop’s name in a customer’s UPI app.',
        })}
      </div>

      <ScaleLabelsEditor
        labels={values.scaleLabels}
        onEdit={form.editScaleLabels}
        problem={problems.scaleLabels}
      />

      {setting('returnsPolicy', 'Returns and refunds', {
        rows: 5,
        hint: 'In your own words, for the storefront’s Return & Refund Policy page.',
      })}

      <div>
        <Button type="submit" look="seller" aria-busy={form.saving}>
          {form.saving ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /seller/shop: whether the shop takes orders now (pause, reopen), and its settings: where it
 * delivers, when it is open, its minimum, fee and promise, how much one shopper may hold, its UPI
 * id, its name and contact, how it bills (its tax mode, GSTIN, legal name and invoice prefix),
 * what its weighing scales' labels carry, and its returns policy.
 */
export function ShopPage() {
  const { data, error, refetch } = useQuery(shopQueries.settings());
  const failure = data ? null : error && failureMessage(error, 'Failed to load the shop settings');
  return (
    <SellerPage title="Shop" className="seller-shop">
      {failure ? (
        <LoadProblem message={failure} onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner label="Loading the shop settings…" />
      ) : (
        <>
          <TakingOrders shop={data.shop} />
          <Section title="Settings">
            <SettingsForm answer={data} />
          </Section>
        </>
      )}
    </SellerPage>
  );
}
