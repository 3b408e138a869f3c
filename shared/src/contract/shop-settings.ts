import * as z from 'zod/mini';
import { DEVICE_SERIES } from './counter-offline.js';
import {
  SCALE_LABEL_VALUES,
  scaleLabelsProblem,
  type ScaleLabelSetting,
} from '../domain/scale-label.js';
import { DOCUMENT_SERIES, gstinProblem, TAX_MODES } from '../domain/gst.js';
import { isTimeZone, minutesOfDay } from '../domain/shop-time.js';
import { normalizePhone, readableText, requestBody, rupeesSchema } from './common.js';
import {
  MAX_OPEN_ORDERS,
  MAX_PER_LINE,
  PROMISE_MINUTES,
  SPEC_SHOP_CONTACT,
} from './shop-contact.js';
import { ZIPCODE } from './shop.js';

/*
 * Changing the shop's settings (docs/promise.md#shop-settings), the seller's: `PUT /api/shop`, and
 * the storefront's question whether the shop delivers to a PIN code.
 */
export const MAX_ZIPCODES = 500;
/** Openings in a week: up to four a day (morning, afternoon, evening, night). */
export const MAX_OPENINGS = 28;
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
/**
 * The scale labels a new shop reads, as Odoo's default barcode nomenclature has them: 21 the
 * weight, 23 the price.
 */
const LABEL_PREFIX_EXPECTED = 'scaleLabels prefixes are 2 digits beginning with 2, such as 21';
export const DEFAULT_SCALE_LABELS: readonly ScaleLabelSetting[] = [
  { prefix: '21', value: 'grams' },
  { prefix: '23', value: 'paise' },
];
export const TIME_ZONE_EXPECTED = 'timeZone must be a time zone such as Asia/Kolkata';

/**
 * An Indian phone number as people write it (spaces and dashes aside): a mobile or a landline
 * with its code (ten digits, after +91 or 0 if given), or a toll-free 1800 number.
 */
const INDIAN_PHONE = /^(?:(?:\+91|0)?[1-9]\d{9}|1800\d{6,7})$/;

/** How long the shop's own texts may be. */
export const SHOP_TEXT_LENGTHS = {
  name: 60,
  phone: 20,
  email: 254,
  address: 300,
  returnsPolicy: 2000,
  legalName: 100,
} as const;

/** A bill's number begins with the shop's prefix: letters and digits, at most 4 (docs/gst.md#numbers). */
export const INVOICE_PREFIX = /^[A-Z0-9]{0,4}$/;
export const INVOICE_PREFIX_EXPECTED =
  'invoicePrefix must be at most 4 letters and digits, such as KS';
export const PHONE_EXPECTED =
  'phone must be an Indian phone number, such as 98765 43210 or 1800 000 000';

/**
 * A text of the shop's own, trimmed and at most `max` characters; empty unless `required`; with
 * `lines` it may run over several, its line breaks written '\n'.
 */
const shopText = (
  field: keyof typeof SHOP_TEXT_LENGTHS,
  { required = false, lines = false } = {},
) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      ...(lines ? [z.overwrite((text: string) => text.replace(/\r\n?/g, '\n'))] : []),
      z.trim(),
      ...(required ? [z.minLength(1, `${field} must not be empty`)] : []),
      z.maxLength(
        SHOP_TEXT_LENGTHS[field],
        `${field} must be at most ${SHOP_TEXT_LENGTHS[field]} characters`,
      ),
      ...readableText(field, { lines }),
    );

/** A whole number from `range.min` to `range.max`, the message naming `field`. */
const wholeNumber = (field: string, range: { min: number; max: number }) => {
  const expected = `${field} must be a whole number from ${range.min} to ${range.max}`;
  return z
    .number({ error: expected })
    .check(z.int(expected), z.minimum(range.min, expected), z.maximum(range.max, expected));
};

/** A pause is for a rush or a closed day or two, not a season. */
export const MAX_PAUSE_DAYS = 14;

const timeOfDay = (field: string, allowMidnightEnd: boolean) =>
  z
    .string({ error: `${field} must be a time as HH:MM` })
    .check(
      z.regex(
        allowMidnightEnd ? /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/ : /^([01]\d|2[0-3]):[0-5]\d$/,
        `${field} must be a time as HH:MM (00:00 to ${allowMidnightEnd ? '24:00' : '23:59'})`,
      ),
    );

export const openingHoursSchema = z
  .object(
    {
      day: z
        .number({ error: 'hours.day must be a weekday from 0 (Sunday) to 6 (Saturday)' })
        .check(
          z.int('hours.day must be a weekday from 0 (Sunday) to 6 (Saturday)'),
          z.minimum(0, 'hours.day must be a weekday from 0 (Sunday) to 6 (Saturday)'),
          z.maximum(6, 'hours.day must be a weekday from 0 (Sunday) to 6 (Saturday)'),
        ),
      opens: timeOfDay('hours.opens', false),
      closes: timeOfDay('hours.closes', true),
    },
    { error: 'hours must be a list of { day, opens, closes }' },
  )
  .check(
    z.refine(
      ({ opens, closes }) => minutesOfDay(opens) !== minutesOfDay(closes),
      'hours: an opening must close at another time than it opens (00:00 to 24:00 is the whole day)',
    ),
  );
export type OpeningHoursSettings = z.infer<typeof openingHoursSchema>;

const zipcodeSchema = z
  .string({ error: 'zipcodes must be PIN codes of six digits' })
  .check(z.trim(), z.regex(ZIPCODE, 'zipcodes must be PIN codes of six digits, e.g. 411001'));

/** `PUT /api/shop` (seller): any of the settings; the rest stay as they are. */
export const shopUpdateBodySchema = requestBody({
  /** Where the shop delivers; empty: everywhere. */
  zipcodes: z.optional(
    z.array(zipcodeSchema, { error: 'zipcodes must be a list of PIN codes' }).check(
      z.maxLength(MAX_ZIPCODES, `zipcodes must list at most ${MAX_ZIPCODES} PIN codes`),
      z.overwrite((codes) => [...new Set(codes)].sort()),
    ),
  ),
  /** When it is open; empty: around the clock. */
  hours: z.optional(
    z
      .array(openingHoursSchema, { error: 'hours must be a list of { day, opens, closes }' })
      .check(z.maxLength(MAX_OPENINGS, `hours must list at most ${MAX_OPENINGS} openings`)),
  ),
  /** Closed to new orders until then (a rush, closed for now); null: not paused. */
  pausedUntil: z.optional(
    z.nullable(
      z.iso.datetime({
        offset: true,
        error: 'pausedUntil must be a date and time (ISO 8601) or null',
      }),
    ),
  ),
  minimumOrder: z.optional(rupeesSchema),
  deliveryFee: z.optional(rupeesSchema),
  /** Delivery is free from this subtotal; 0: never free unless the fee is 0. */
  freeDeliveryAbove: z.optional(rupeesSchema),
  promiseMinutes: z.optional(wholeNumber('promiseMinutes', PROMISE_MINUTES)),
  /** The most units of one product an order may take (the till is not bound by it). */
  maxPerLine: z.optional(wholeNumber('maxPerLine', MAX_PER_LINE)),
  /** The most open orders one shopper may have unpaid (cash not yet paid, online not paid). */
  maxOpenOrders: z.optional(wholeNumber('maxOpenOrders', MAX_OPEN_ORDERS)),
  /** The shop's UPI id (name@bank) for payments at the counter; empty: none. */
  upiId: z.optional(
    z
      .string({ error: 'upiId must be a UPI id such as kirana@upi' })
      .check(
        z.trim(),
        z.regex(
          /^$|^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/,
          'upiId must be a UPI id such as kirana@upi',
        ),
      ),
  ),
  upiName: z.optional(
    z
      .string({ error: 'upiName must be text' })
      .check(
        z.trim(),
        z.maxLength(100, 'upiName must be at most 100 characters'),
        ...readableText('upiName'),
      ),
  ),
  /** The shop's name as the storefront, its pages' titles and its receipts show it. */
  name: z.optional(shopText('name', { required: true })),
  /** The number shoppers call: the storefront's footer, contact page and receipts. */
  phone: z.optional(
    shopText('phone', { required: true }).check(
      z.refine((phone) => INDIAN_PHONE.test(normalizePhone(phone)), PHONE_EXPECTED),
    ),
  ),
  /** Where shoppers write; empty: not shown. */
  email: z.optional(
    shopText('email').check(
      z.toLowerCase(),
      z.refine(
        (email) => email === '' || z.safeParse(z.email(), email).success,
        'email must be an e-mail address such as hello@kirana.example',
      ),
    ),
  ),
  /** Where the shop is, as the contact page and receipts say it; empty: not shown. */
  address: z.optional(shopText('address', { lines: true })),
  /** Returns and refunds, in the seller's own words (the storefront's page of that name). */
  returnsPolicy: z.optional(shopText('returnsPolicy', { lines: true })),
  /**
   * What the shop's weighing scales print on their labels, per prefix: the weight in grams
   * (millilitres) or the price in paise (docs/counter.md#weighing-scale-labels).
   */
  scaleLabels: z.optional(
    z
      .array(
        z.object(
          {
            prefix: z
              .string({ error: LABEL_PREFIX_EXPECTED })
              .check(z.regex(/^2\d$/, LABEL_PREFIX_EXPECTED)),
            value: z.enum(SCALE_LABEL_VALUES, {
              error: "scaleLabels values are 'grams' or 'paise'",
            }),
          },
          { error: 'scaleLabels must be a list of { prefix, value }' },
        ),
        { error: 'scaleLabels must be a list of { prefix, value }' },
      )
      .check(
        z.maxLength(10, 'scaleLabels must list at most 10 prefixes'),
        z.check((ctx) => {
          const problem = scaleLabelsProblem(ctx.value);
          if (problem)
            ctx.issues.push({
              code: 'custom',
              message: `scaleLabels: ${problem}`,
              input: ctx.value,
            });
        }),
      ),
  ),
  /**
   * How the shop bills (docs/gst.md#tax-modes); `composition` and `regular` need the GSTIN, legal
   * name and address (the service checks them with the settings already saved).
   */
  tax: z.optional(
    z.enum(TAX_MODES, {
      error: "tax must be 'spec', 'unregistered', 'composition' or 'regular'",
    }),
  ),
  /** The shop's GSTIN, its check character checked; empty: none. */
  gstin: z.optional(
    z.string({ error: 'gstin must be text' }).check(
      z.trim(),
      z.toUpperCase(),
      z.check((ctx) => {
        const problem = ctx.value === '' ? null : gstinProblem(ctx.value);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
      }),
    ),
  ),
  /** The name the GSTIN is registered to, as the bills print it (a registered shop must give it). */
  legalName: z.optional(shopText('legalName')),
  invoicePrefix: z.optional(
    z.string({ error: INVOICE_PREFIX_EXPECTED }).check(
      z.trim(),
      z.toUpperCase(),
      z.regex(INVOICE_PREFIX, INVOICE_PREFIX_EXPECTED),
      // An invoice PREFIX/26-27/5 would print as a credit note of no prefix does.
      z.refine(
        (prefix) => !(DOCUMENT_SERIES as readonly string[]).includes(prefix),
        `invoicePrefix must not be a series' name (${DOCUMENT_SERIES.join(', ')})`,
      ),
      // Nor as a counter's offline bill of no prefix does (C1/26-27/5).
      z.refine(
        (prefix) => !DEVICE_SERIES.test(prefix),
        "invoicePrefix must not be a counter's series (C1 to C999)",
      ),
    ),
  ),
  /** The shop's time zone (IANA), in which its hours are read. */
  timeZone: z.optional(
    z.string({ error: TIME_ZONE_EXPECTED }).check(z.refine(isTimeZone, TIME_ZONE_EXPECTED)),
  ),
}).check(
  z.refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'request body must name at least one setting to change',
  ),
);
export type ShopUpdateBody = z.infer<typeof shopUpdateBodySchema>;

/** `GET /api/shop/serviceable?zipcode=`. */
export const serviceableQuerySchema = z.object({
  zipcode: zipcodeSchema,
});

/**
 * The spec's shop, as a new store starts: everywhere, around the clock, free, no minimum, and
 * the default limits on what one shopper holds.
 */
export const SPEC_SHOP_SETTINGS = {
  zipcodes: [],
  hours: [],
  pausedUntil: null,
  minimumOrder: 0,
  deliveryFee: 0,
  freeDeliveryAbove: 0,
  promiseMinutes: PROMISE_MINUTES.default,
  maxPerLine: MAX_PER_LINE.default,
  maxOpenOrders: MAX_OPEN_ORDERS.default,
  scaleLabels: [...DEFAULT_SCALE_LABELS],
  timeZone: DEFAULT_TIME_ZONE,
  tax: 'spec',
  gstin: '',
  legalName: '',
  invoicePrefix: '',
  ...SPEC_SHOP_CONTACT,
} as const satisfies ShopUpdateBody;
