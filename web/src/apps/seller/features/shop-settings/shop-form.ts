import {
  MAX_OPEN_ORDERS,
  MAX_OPENINGS,
  MAX_PER_LINE,
  MAX_ZIPCODES,
  openingHoursSchema,
  PROMISE_MINUTES,
  SHOP_TEXT_LENGTHS,
  shopUpdateBodySchema,
  ZIPCODE,
  type OpeningHoursSettings,
  type ScaleLabelSetting,
  type Shop,
  type ShopUpdateBody,
  type TaxMode,
} from '@kirana/shared';
import { ApiError } from '../../../../lib/api-client';

/** The Shop screen's form, as typed. */
export interface ShopFormValues {
  /** PIN codes separated by spaces, commas or lines. */
  zipcodes: string;
  hours: OpeningHoursSettings[];
  timeZone: string;
  minimumOrder: string;
  deliveryFee: string;
  freeDeliveryAbove: string;
  promiseMinutes: string;
  maxPerLine: string;
  maxOpenOrders: string;
  upiId: string;
  upiName: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  returnsPolicy: string;
  /** What each prefix of the weighing scales' labels carries: the weight or the price. */
  scaleLabels: ScaleLabelSetting[];
  /** How the shop bills (docs/gst.md#tax-modes), and what its bills print. */
  tax: TaxMode;
  gstin: string;
  legalName: string;
  invoicePrefix: string;
}

/** What a new row of opening hours starts as: Monday, 7 am to 10 pm. */
export const NEW_OPENING: OpeningHoursSettings = { day: 1, opens: '07:00', closes: '22:00' };

/** The form filled from the shop's settings. */
export function shopFormValues(shop: Shop, zipcodes: readonly string[]): ShopFormValues {
  return {
    zipcodes: zipcodes.join(', '),
    hours: shop.hours,
    timeZone: shop.timeZone,
    minimumOrder: String(shop.minimumOrder),
    deliveryFee: String(shop.deliveryFee),
    freeDeliveryAbove: String(shop.freeDeliveryAbove),
    promiseMinutes: String(shop.promiseMinutes),
    maxPerLine: String(shop.maxPerLine),
    maxOpenOrders: String(shop.maxOpenOrders),
    upiId: shop.upiId,
    upiName: shop.upiName,
    name: shop.name,
    phone: shop.phone,
    email: shop.email,
    address: shop.address,
    returnsPolicy: shop.returnsPolicy,
    scaleLabels: shop.scaleLabels,
    tax: shop.tax,
    gstin: shop.gstin,
    legalName: shop.legalName,
    invoicePrefix: shop.invoicePrefix,
  };
}

/** An amount as typed ('' is 0); anything else unreadable goes as is, for the server to name. */
const number = (typed: string): number => (typed.trim() === '' ? 0 : Number(typed.trim()));

/**
 * The settings to save from the form: every one of them, as `PUT /api/shop` takes them. A time
 * field cannot hold 24:00: closing at 00:00 is closing at midnight, the end of the opening's day
 * (so 00:00 to 00:00 is the whole day).
 */
export function shopUpdateOf(values: ShopFormValues): ShopUpdateBody {
  return {
    zipcodes: values.zipcodes.split(/[\s,;]+/).filter((code) => code !== ''),
    hours: values.hours.map((opening) =>
      opening.closes === '00:00' ? { ...opening, closes: '24:00' } : opening,
    ),
    timeZone: values.timeZone.trim(),
    minimumOrder: number(values.minimumOrder),
    deliveryFee: number(values.deliveryFee),
    freeDeliveryAbove: number(values.freeDeliveryAbove),
    promiseMinutes: number(values.promiseMinutes),
    maxPerLine: number(values.maxPerLine),
    maxOpenOrders: number(values.maxOpenOrders),
    upiId: values.upiId.trim(),
    upiName: values.upiName.trim(),
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    address: values.address.trim(),
    returnsPolicy: values.returnsPolicy.trim(),
    scaleLabels: values.scaleLabels.map(({ prefix, value }) => ({ prefix: prefix.trim(), value })),
    tax: values.tax,
    gstin: values.gstin.trim().toUpperCase(),
    legalName: values.legalName.trim(),
    invoicePrefix: values.invoicePrefix.trim().toUpperCase(),
  };
}

export type ShopFormProblems = Partial<Record<keyof ShopFormValues, string>>;

/**
 * What the screen says of each setting it cannot save, in its own words (the API's messages name
 * the API's fields).
 */
const SAID: Record<keyof ShopFormValues, string> = {
  name: `Shop name must be given, at most ${SHOP_TEXT_LENGTHS.name} characters`,
  phone: 'Phone must be an Indian number, such as 98765 43210 or 1800 000 000',
  email: 'E-mail must be an address such as hello@kirana.example, or empty',
  address: `Address must be at most ${SHOP_TEXT_LENGTHS.address} characters`,
  zipcodes: `PIN codes: at most ${MAX_ZIPCODES}, six digits each`,
  hours: `Opening hours: each closes at another time than it opens, at most ${MAX_OPENINGS} of them`,
  timeZone: 'Time zone must be a place’s zone, such as Asia/Kolkata',
  minimumOrder: 'Minimum order must be rupees, such as 199 or 199.50',
  deliveryFee: 'Delivery fee must be rupees, such as 25 or 25.50',
  freeDeliveryAbove: 'Free delivery from must be rupees, such as 500',
  promiseMinutes: `Delivery promise must be whole minutes, from ${PROMISE_MINUTES.min} to ${PROMISE_MINUTES.max}`,
  maxPerLine: `Most of a product in one order must be a whole number, from ${MAX_PER_LINE.min} to ${MAX_PER_LINE.max}`,
  maxOpenOrders: `Open unpaid orders a shopper may have must be a whole number, from ${MAX_OPEN_ORDERS.min} to ${MAX_OPEN_ORDERS.max}`,
  upiId: 'UPI id must look like kirana@upi',
  upiName: 'Name on UPI must be plain text, at most 100 characters',
  returnsPolicy: `Returns and refunds must be at most ${SHOP_TEXT_LENGTHS.returnsPolicy} characters`,
  scaleLabels: 'Scale labels: each prefix is 2 digits beginning with 2, such as 21, and set once',
  tax: 'Billing as a registered or composition shop needs its GSTIN, legal name and address',
  gstin:
    'GSTIN must be the 15 characters on the registration certificate, such as 27AAPFU0939F1ZV (its last one checks the rest)',
  legalName: `Legal name must be plain text, at most ${SHOP_TEXT_LENGTHS.legalName} characters`,
  invoicePrefix: 'Invoice prefix must be at most 4 letters and digits, such as KS',
};

/** The modes whose bills carry the shop's GSTIN, legal name and address (docs/gst.md#tax-modes). */
const REGISTERED: readonly TaxMode[] = ['composition', 'regular'];

/** What a registered or composition shop's bills cannot do without, in the screen's words. */
const NEEDED = {
  gstin: 'GSTIN is needed to bill as a registered or composition shop',
  legalName: 'Legal name is needed to bill as a registered or composition shop',
  address: 'Address is needed to bill as a registered or composition shop',
} as const satisfies ShopFormProblems;

/** Each setting a registered mode needs that `values` leaves empty, said as needed. */
function neededProblems(values: ShopFormValues): ShopFormProblems {
  if (!REGISTERED.includes(values.tax)) return {};
  const needed: ShopFormProblems = {};
  for (const field of ['gstin', 'legalName', 'address'] as const)
    if (values[field].trim() === '') needed[field] = NEEDED[field];
  return needed;
}

const isField = (name: PropertyKey): name is keyof ShopFormValues => Object.hasOwn(SAID, name);

/**
 * What is wrong with the form before it is sent, by field, in the screen's words (checked by the
 * settings' own rules, the same the server applies); empty when it can be saved.
 */
export function shopFormProblems(values: ShopFormValues): ShopFormProblems {
  const problems: ShopFormProblems = {};
  const notPins = shopUpdateOf(values).zipcodes?.filter((code) => !ZIPCODE.test(code)) ?? [];
  if (notPins.length > 0)
    problems.zipcodes = `${notPins.join(', ')}: a PIN code is six digits, e.g. 411001`;
  const checked = shopUpdateBodySchema.safeParse(shopUpdateOf(values));
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0];
    if (field !== undefined && isField(field)) problems[field] ??= SAID[field];
  }
  return { ...neededProblems(values), ...problems };
}

/**
 * What the server's refusal `problem` says is wrong, at the setting its message starts with
 * ('upiId must …'), in the screen's words; empty when it names none. A refusal of the tax mode
 * also marks each setting it says the mode needs ('… needs gstin, legalName and address').
 */
export function shopRefusalProblems(problem: unknown): ShopFormProblems {
  if (!(problem instanceof ApiError) || problem.status === 0 || problem.status >= 500) return {};
  const field = /^\w+/.exec(problem.message)?.[0];
  if (field === undefined || !isField(field)) return {};
  const problems: ShopFormProblems = { [field]: SAID[field] };
  if (field === 'tax')
    for (const needed of ['gstin', 'legalName', 'address'] as const)
      if (new RegExp(`\\b${needed}\\b`).test(problem.message)) problems[needed] = NEEDED[needed];
  return problems;
}

/** The first row of the scale labels the settings' rules refuse (a prefix unfit or twice), or -1. */
export const badScaleLabel = (labels: readonly ScaleLabelSetting[]): number =>
  labels.findIndex(
    ({ prefix }, index) =>
      !/^2\d$/.test(prefix.trim()) ||
      labels.slice(0, index).some((before) => before.prefix.trim() === prefix.trim()),
  );

/**
 * The label a new row starts as: the first prefix from 21 up (then 20) not in use, its value the
 * weight; null when all ten are.
 */
export function newScaleLabel(labels: readonly ScaleLabelSetting[]): ScaleLabelSetting | null {
  const used = new Set(labels.map(({ prefix }) => prefix.trim()));
  const prefix = ['21', '22', '23', '24', '25', '26', '27', '28', '29', '20'].find(
    (candidate) => !used.has(candidate),
  );
  return prefix ? { prefix, value: 'grams' } : null;
}

/** The first row of opening hours the settings' rules refuse, or -1. */
export const badOpening = (hours: readonly OpeningHoursSettings[]): number =>
  hours.findIndex((opening) => !openingHoursSchema.safeParse(opening).success);

/** A pause of `minutes` from `now`, as `PUT /api/shop` takes it. */
export const pauseFor = (minutes: number, now = Date.now()): ShopUpdateBody => ({
  pausedUntil: new Date(now + minutes * 60_000).toISOString(),
});

/** Each tax mode as the Tax and bills section offers it, and what its bills print, in a line. */
export const TAX_MODE_CHOICES: Record<TaxMode, { label: string; prints: string }> = {
  spec: {
    label: 'Spec 2 % (demo)',
    prints: 'Adds 2 % tax to every bill, as the demo does; prints a plain bill.',
  },
  unregistered: {
    label: 'Not registered',
    prints: 'Prices are final; prints a plain bill with no tax on it.',
  },
  composition: {
    label: 'Composition scheme',
    prints:
      'Prices are final; prints a “Bill of Supply” with your GSTIN, saying you may not collect tax.',
  },
  regular: {
    label: 'Registered (regular)',
    prints:
      'Shelf prices include GST; prints a “Tax Invoice” with each line’s HSN, taxable value, CGST and SGST.',
  },
};
