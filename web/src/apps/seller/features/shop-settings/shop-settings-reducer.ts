/*
 * The Shop screen's settings form as a pure reducer over what the seller does and what the
 * server answers: a setting typed, the opening hours edited, Save pressed, the settings saved or
 * refused. Whether they are being saved is the mutation's; the field to focus is data in the
 * state, which useShopSettings moves the focus to.
 */
import type { OpeningHoursSettings, ScaleLabelSetting, ShopAnswer, TaxMode } from '@kirana/shared';
import { copyDay, setDays } from './opening-hours';
import {
  badOpening,
  badScaleLabel,
  NEW_OPENING,
  newScaleLabel,
  shopFormProblems,
  shopFormValues,
  type ShopFormProblems,
  type ShopFormValues,
} from './shop-form';

/** The settings typed as text: all but the opening hours, the scale labels and the tax mode. */
export type ShopTextSetting = Exclude<keyof ShopFormValues, 'hours' | 'scaleLabels' | 'tax'>;

/** One edit of the opening hours, as the editor makes it. */
export type HoursEdit =
  | { kind: 'opening changed'; index: number; part: Partial<OpeningHoursSettings> }
  | { kind: 'opening added' }
  | { kind: 'opening removed'; index: number }
  /** `days` open from `opens` to `closes` instead of what they had. */
  | { kind: 'days set'; days: readonly number[]; opens: string; closes: string }
  /** Each of `to` open as `from` is. */
  | { kind: 'day copied'; from: number; to: readonly number[] };

/** One edit of the scale labels, as their editor makes it. */
export type ScaleLabelsEdit =
  | { kind: 'label changed'; index: number; part: Partial<ScaleLabelSetting> }
  /** A row with the next free prefix; none past the ten prefixes there are. */
  | { kind: 'label added' }
  | { kind: 'label removed'; index: number };

export interface ShopSettingsState {
  values: ShopFormValues;
  /** Found when Save is pressed or the server refuses; a setting's goes once it is changed. */
  problems: ShopFormProblems;
  /** The id of the field to focus after this transition (the first at fault), or null. */
  focus: string | null;
}

export type ShopSettingsEvent =
  | { type: 'setting typed'; setting: ShopTextSetting; value: string }
  | { type: 'hours edited'; edit: HoursEdit }
  | { type: 'scale labels edited'; edit: ScaleLabelsEdit }
  /** How the shop bills, chosen. */
  | { type: 'tax chosen'; tax: TaxMode }
  /** Save pressed: the settings are checked by their own rules, and saved if they pass. */
  | { type: 'submitted' }
  /** The server saved them, as typed: nothing is at fault any more. */
  | { type: 'answer received' }
  /** The server refused them; `problems` are what its answer names at a setting. */
  | { type: 'refused'; problems: ShopFormProblems };

/** The id of each setting's field (the hours': their first box, when no row is at fault). */
export const FIELD_IDS: Record<keyof ShopFormValues, string> = {
  name: 'shop-name',
  phone: 'shop-phone',
  email: 'shop-email',
  address: 'shop-address',
  tax: 'shop-tax',
  gstin: 'shop-gstin',
  legalName: 'shop-legal-name',
  invoicePrefix: 'shop-invoice-prefix',
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
  scaleLabels: 'scale-label-add',
};

/** The form filled from the shop's settings as the server answers them. */
export const openShopSettings = (answer: ShopAnswer): ShopSettingsState => ({
  values: shopFormValues(answer.shop, answer.zipcodes ?? []),
  problems: {},
  focus: null,
});

/** The opening hours after `edit`. */
function editedHours(hours: OpeningHoursSettings[], edit: HoursEdit): OpeningHoursSettings[] {
  switch (edit.kind) {
    case 'opening changed':
      return hours.map((opening, at) =>
        at === edit.index ? { ...opening, ...edit.part } : opening,
      );
    case 'opening added':
      return [...hours, NEW_OPENING];
    case 'opening removed':
      return hours.filter((_, at) => at !== edit.index);
    case 'days set':
      return setDays(hours, edit.days, edit.opens, edit.closes);
    case 'day copied':
      return copyDay(hours, edit.from, edit.to);
  }
}

/** The scale labels after `edit`. */
function editedScaleLabels(
  labels: ScaleLabelSetting[],
  edit: ScaleLabelsEdit,
): ScaleLabelSetting[] {
  switch (edit.kind) {
    case 'label changed':
      return labels.map((label, at) => (at === edit.index ? { ...label, ...edit.part } : label));
    case 'label added': {
      const added = newScaleLabel(labels);
      return added ? [...labels, added] : labels;
    }
    case 'label removed':
      return labels.filter((_, at) => at !== edit.index);
  }
}

/**
 * The field of the first setting at fault, in the screen's order: the hours' row at fault, the
 * scale labels' prefix at fault.
 */
function firstAtFault(values: ShopFormValues, problems: ShopFormProblems): string | null {
  const first = (Object.keys(FIELD_IDS) as (keyof ShopFormValues)[]).find((name) => problems[name]);
  if (!first) return null;
  const row = badOpening(values.hours);
  if (first === 'hours' && row >= 0) return `opening-${row}-opens`;
  const label = badScaleLabel(values.scaleLabels);
  if (first === 'scaleLabels' && label >= 0) return `scale-label-${label}-prefix`;
  return FIELD_IDS[first];
}

const changed = (
  state: ShopSettingsState,
  setting: keyof ShopFormValues,
  values: ShopFormValues,
): ShopSettingsState => {
  const { [setting]: _gone, ...problems } = state.problems;
  return { values, problems, focus: null };
};

/** The settings form after `event`. */
export function shopSettingsReducer(
  state: ShopSettingsState,
  event: ShopSettingsEvent,
): ShopSettingsState {
  switch (event.type) {
    case 'setting typed':
      return changed(state, event.setting, { ...state.values, [event.setting]: event.value });
    case 'hours edited':
      return changed(state, 'hours', {
        ...state.values,
        hours: editedHours(state.values.hours, event.edit),
      });
    case 'scale labels edited':
      return changed(state, 'scaleLabels', {
        ...state.values,
        scaleLabels: editedScaleLabels(state.values.scaleLabels, event.edit),
      });
    case 'tax chosen':
      return changed(state, 'tax', { ...state.values, tax: event.tax });
    case 'submitted': {
      const problems = shopFormProblems(state.values);
      return { ...state, problems, focus: firstAtFault(state.values, problems) };
    }
    case 'answer received':
      return { ...state, problems: {}, focus: null };
    case 'refused': {
      const problems = { ...state.problems, ...event.problems };
      return { ...state, problems, focus: firstAtFault(state.values, event.problems) };
    }
  }
}
