import * as z from 'zod/mini';
import { MAX_LINE_QUANTITY, MAX_LOOSE_QUANTITY } from '../domain/quantity.js';

/**
 * The `code` of every error answer and its HTTP status (docs/api.md#error-codes): a
 * stable name that clients decide and translate by, never by the English `message`, which stays
 * as the spec shows it. The server's error middleware answers each AppError with its code's
 * status; an error no AppError made (a body parser's, a router's) gets the first code of its
 * status, so the kinds of failure come first and the particular refusals after them.
 */
export const ERROR_STATUS = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  // An agent's sign-in and this phone's pairing with the shop.
  PHONE_NOT_REGISTERED: 401,
  NOT_PAIRED: 403,
  PAIRED_TO_ANOTHER: 403,
  INVITE_NOT_VALID: 403,
  INVITE_USED: 403,
  INVITE_EXPIRED: 403,
  // The shared order machine's refusals of an agent's step.
  NOT_YOUR_ORDER: 403,
  AGENTS_ONLY: 403,
  SELLER_ONLY: 403,
  WRONG_STATUS: 409,
  NOT_PAID: 409,
  ORDER_TAKEN: 409,
  ALREADY_PAID: 409,
  NOT_COD: 409,
  ORDER_NOT_OPEN: 409,
  ORDER_UNASSIGNED: 409,
  // The delivery PIN: PIN_WRONG's answer carries triesLeft.
  PIN_MISSING: 400,
  PIN_WRONG: 400,
  PIN_LOCKED: 429,
  // Placing an order and paying for it: one shopper may hold only so much (the shop's settings).
  OUT_OF_STOCK: 409,
  TOO_MANY_UNITS: 409,
  TOO_MANY_OPEN_ORDERS: 409,
  // An Idempotency-Key sent again with another request: the first one was done already.
  IDEMPOTENCY_KEY_REUSED: 409,
  // The shop's promise: where it delivers, when it is open, the smallest order it takes.
  NOT_SERVICEABLE: 409,
  SHOP_CLOSED: 409,
  BELOW_MINIMUM: 409,
  PAYMENT_UNAVAILABLE: 503,
  // The seller's backups.
  BACKUP_FAILED: 503,
  // The till at the counter: no day is open to sell or take back in; a bill whose prices changed
  // since the seller showed its total.
  TILL_NOT_OPEN: 409,
  BILL_CHANGED: 409,
  // A product's unit and packs (docs/catalogue.md#loose-goods-and-packs): a field its unit does
  // not take, steps or a pack half given, a drawsFrom that is no live loose product, a scale code
  // in use, a change to a loose product that packs draw from, a count for a pack that draws.
  UNIT_MISMATCH: 400,
  STEPS_INVALID: 400,
  PACK_INCOMPLETE: 400,
  DRAWS_FROM_INVALID: 400,
  SCALE_CODE_TAKEN: 409,
  DRAWN_FROM: 409,
  DRAWS_STOCK: 409,
  // Selling loose goods: online, a weight that is not one of the product's steps; at the till, a
  // weighing scale's label that does not read (its check digit, its prefix, its product).
  NOT_A_STEP: 400,
  SCALE_LABEL_INVALID: 400,
  // The khata (docs/khata.md): a credit sale or order that would take the customer past their
  // limit; a phone number another customer has.
  CREDIT_LIMIT: 409,
  PHONE_TAKEN: 409,
  // The bill the law asks for (docs/gst.md): a registered shop selling a product without its HSN
  // code or GST rate; a return the law asks of a registered shop only (GSTR-1).
  GST_DETAILS_MISSING: 409,
  NOT_REGISTERED: 409,
} as const satisfies Record<string, number>;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as readonly ErrorCode[];

/**
 * Every failed answer: `{ success: false, message, code }`, the message naming what is wrong.
 * A client reads `code` when there is one: an answer from before codes, or from a proxy, has none.
 * A wrong delivery PIN also says how many tries are left before the order locks (`triesLeft`).
 */
export const errorAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.optional(z.string()),
  triesLeft: z.optional(z.number()),
});

/** What an error answer may carry beside its message and code. */
export type ErrorDetails = Pick<ErrorAnswer, 'triesLeft'> & {
  /**
   * CREDIT_LIMIT's: what the customer owes, their limit and what is left of it, in rupees (not in
   * errorAnswerSchema, which every storefront page carries: a client reads it from the answer).
   */
  credit?: { balance: number; limit: number; left: number };
};
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/**
 * Whole paise in rupees: zod's multipleOf(0.01) lets a tiny amount through (1e-18 leaves no
 * remainder it can see), which is 0 paise once stored. Compared in paise, floats' noise aside.
 */
export const wholePaise = (rupees: number) =>
  Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** The amount in whole paise, sign kept (rupees × 100, rounded). */
export const paiseOf = (rupees: number) => Math.round(rupees * 100);

/** Ids are UUIDv7 strings, sent as `_id`. */
export const idSchema = z.uuid({ message: 'must be a valid id' });

/** Money in the API: rupees as a number with at most two decimals. */
export const rupeesSchema = z
  .number({ message: 'must be a number' })
  .check(
    z.nonnegative({ message: 'must not be negative' }),
    z.maximum(10_000_000, { message: 'is too large' }),
    z.refine(wholePaise, 'must have at most two decimals'),
  );

/** A successful answer with nothing more to say. */
export const successAnswerSchema = z.object({ success: z.literal(true) });
export type SuccessAnswer = z.infer<typeof successAnswerSchema>;

/** A successful answer carrying a message for the person, e.g. after logout. */
export const messageAnswerSchema = z.extend(successAnswerSchema, { message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/*
 * Request bodies: every message below names its field, so the server answers 400 with the
 * first issue's message as it stands.
 */

/** A request body: a JSON object of `shape`; unknown keys are dropped. */
export function requestBody<Shape extends z.core.$ZodShape>(shape: Shape) {
  return z.object(shape, { error: 'request body must be a JSON object' });
}

/**
 * A query-string number: `?page=2` arrives as text, in decimal digits (not `0x10`, `1e1` nor
 * ` 5 `); none (or empty) is `fallback`.
 */
export const queryInt = (field: string, min: number, max: number, fallback: number) =>
  z.pipe(
    z.optional(z.string()),
    z.pipe(
      z.transform((text: string | undefined) =>
        text === undefined || text === '' ? fallback : /^\d+$/.test(text) ? Number(text) : NaN,
      ),
      z
        .int({ error: `${field} must be a whole number` })
        .check(
          z.minimum(min, `${field} must be at least ${min}`),
          z.maximum(max, `${field} must be at most ${max}`),
        ),
    ),
  );

/** An id named `field` in a request, e.g. 'orderId must be a valid id'. */
export function idField(field: string) {
  return z.uuid({ error: `${field} must be a valid id` });
}

/**
 * A day of the calendar as YYYY-MM-DD named `field`, e.g. 'date must be a day as YYYY-MM-DD';
 * `missing` is the message for no text at all.
 */
export function dayField(field: string, missing = `${field} must be a day as YYYY-MM-DD`) {
  return z
    .string({ error: missing })
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a day as YYYY-MM-DD`),
      z.refine(isCalendarDay, `${field} must be a day of the calendar`),
    );
}

/** Whether 'YYYY-MM-DD' names a day that exists (not 2026-02-30), from the year 100 on. */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

// Directional embeddings, overrides and isolates, and the invisible direction marks: they make a
// name or an address show other than it reads (e.g. "Asha\u202Egnp.exe").
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// C0 control characters and DEL: unseen on a screen, they split a line of a CSV or a receipt, and
// a thermal printer takes them as commands (ESC, tab); PostgreSQL refuses NUL in text at all.
// eslint-disable-next-line no-control-regex -- the control characters are what it finds.
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;
// Under the u flag a surrogate pair is one character: only half of a pair is a Cs character.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The checks every text a person wrote must pass before it is stored and shown to others: no
 * control character (a line break too, but in text with `lines`, such as an address, whose line
 * breaks are '\n'), no half of a UTF-16 surrogate pair (not a character at all), no bidirectional
 * control characters.
 */
export function readableText(field: string, { lines = false } = {}) {
  return [
    lines
      ? z.refine<string>(
          (text) => text.split('\n').every((line) => !CONTROL_CHARACTER.test(line)),
          `${field} must not contain control characters (such as a tab)`,
        )
      : z.refine<string>(
          (text) => !CONTROL_CHARACTER.test(text),
          `${field} must not contain control characters (such as a tab or a line break)`,
        ),
    z.refine<string>(
      (text) => !LONE_SURROGATE.test(text),
      `${field} must be valid text: it holds half of a character (a lone surrogate)`,
    ),
    z.refine<string>(
      (text) => !BIDI_CONTROL.test(text),
      `${field} must not contain text-direction control characters`,
    ),
  ] as const;
}

/**
 * The `userId` the spec's clients send beside a shopper's change: ignored (the session says whose
 * it is), and checked as any text.
 */
export const sentUserIdField = z.optional(z.string().check(...readableText('userId')));

/** Trimmed text that must not be empty, e.g. 'name is required'; `missing` says so otherwise. */
export function requiredText(field: string, max = 100, missing = `${field} is required`) {
  return z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(max, `${field} must be at most ${max} characters`),
      ...readableText(field),
    );
}

/** A trimmed, lower-cased email address, so logins and lookups ignore case. */
export function emailField(field = 'email') {
  return z.pipe(
    requiredText(field, 254).check(z.toLowerCase()),
    z.email({ error: `${field} must be a valid email address` }),
  );
}

/** Phone numbers are stored without the spaces and dashes people type, so lookups match. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** An Indian number as a `tel:` link dials it: +91 and the digits (a 1800 number as it is). */
export function telHref(phone: string): string {
  const digits = normalizePhone(phone).replace(/^(\+91|0)/, '');
  return `tel:${digits.startsWith('1800') ? '' : '+91'}${digits}`;
}

/** A phone number of 7 to 15 digits with an optional leading +, spaces and dashes removed. */
export function phoneField(field = 'phone', requiredMessage = `${field} is required`) {
  return z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, requiredMessage),
      z.overwrite(normalizePhone),
      z.regex(/^\+?\d{7,15}$/, `${field} must be 7 to 15 digits, optionally starting with +`),
    );
}

// idSchema and rupeesSchema say only "must …" / "is …", so their field's path goes in front.
const BARE_PREDICATE = /^(must|is) /;

/** The text of a 400 answer for a body that failed a request schema: its first issue's message. */
export function validationMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'request body is invalid';
  if (issue.path.length === 0 || !BARE_PREDICATE.test(issue.message)) return issue.message;
  return `${issue.path.map(String).join('.')} ${issue.message}`;
}

/** A multipart field holding JSON text, parsed; `field` names it in the messages. */
export const jsonField = (field: string) =>
  z.pipe(
    z.string({ error: `${field} is required` }),
    z.transform((text: string, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: `${field} must be valid JSON`, input: text });
        return z.NEVER;
      }
    }),
  );

/**
 * A line's quantity, named `field`: pieces, or grams (millilitres) of a product sold by the kilo
 * (litre). The request does not say which, so any whole number up to the most grams is taken
 * here; the server checks it against the product's unit (quantity.ts lineQuantityProblem).
 */
export const lineQuantityField = (field: string) => {
  const expected = `${field} must be a whole number: pieces from 1 to ${MAX_LINE_QUANTITY}, grams or millilitres from 1 to ${MAX_LOOSE_QUANTITY}`;
  return z
    .number({ error: `${field} must be a number` })
    .check(z.int(expected), z.minimum(1, expected), z.maximum(MAX_LOOSE_QUANTITY, expected));
};
