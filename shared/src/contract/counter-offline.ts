/*
 * The counter without a connection (docs/counter.md#the-till-without-a-connection): each counter
 * device's own bill series for the sales it makes offline, and the live catalogue in pages for it
 * to keep. The offline sale itself is `POST /api/counter/sales` with `offline` (counter.ts).
 */
import * as z from 'zod/mini';
import { idField, readableText, requestBody } from './common.js';
import { productSchema } from './product.js';

/** The most bills one counter numbers offline in a financial year. */
export const MAX_OFFLINE_NUMBER = 99_999;

/** A counter device's series: C and its number, C1 to C999. */
export const DEVICE_SERIES = /^C[1-9]\d{0,2}$/;

export function deviceSeriesField(field: string) {
  return z
    .string({ error: `${field} must be a counter's series, such as C1` })
    .check(z.regex(DEVICE_SERIES, `${field} must be a counter's series, such as C1`));
}

/**
 * `POST /api/counter/devices { name }` (the seller): a counter device (a browser profile of the
 * till) takes a bill series of its own for the sales it makes offline, C1, C2 …, so that
 * numbers made offline on two counters never meet (docs/counter.md#the-till-without-a-connection).
 */
export const counterDeviceBodySchema = requestBody({
  name: z
    .string({ error: 'name must say which counter this is, such as "Front counter"' })
    .check(
      z.trim(),
      z.minLength(1, 'name must say which counter this is, such as "Front counter"'),
      z.maxLength(40, 'name must be at most 40 characters'),
      ...readableText('name'),
    ),
});
export type CounterDeviceBody = z.infer<typeof counterDeviceBodySchema>;

/** `GET /api/counter/devices/{series}`: the counter device and its series' last numbers. */
export const counterDeviceParamSchema = z.object({ series: deviceSeriesField('series') });

/**
 * A counter device: its series and name, and the last number its series has on the server in
 * the financial year `year` (the one now): the counter numbers on from past it.
 */
export const counterDeviceSchema = z.object({
  series: z.string(),
  name: z.string(),
  year: z.int(),
  lastNumber: z.int(),
});
export type CounterDevice = z.infer<typeof counterDeviceSchema>;

export const counterDeviceAnswerSchema = z.object({
  success: z.literal(true),
  device: counterDeviceSchema,
});
export type CounterDeviceAnswer = z.infer<typeof counterDeviceAnswerSchema>;

/** Products per page of `GET /api/counter/catalogue`. */
export const COUNTER_CATALOGUE_PAGE = 500;

/**
 * `GET /api/counter/catalogue?after=`: the live catalogue a page at a time in the order of the
 * products' ids, after the id `after` (none: from the first), for the counter to keep what it
 * sells without a connection.
 */
export const counterCatalogueQuerySchema = z.object({ after: z.optional(idField('after')) });

export const counterCatalogueAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  /** The id to ask `after` for the next page; null: this was the last. */
  next: z.nullable(z.string()),
});
export type CounterCatalogueAnswer = z.infer<typeof counterCatalogueAnswerSchema>;

/** The longest reason a cancelled number keeps. */
export const MAX_CANCELLED_REASON = 300;

/**
 * `POST /api/counter/devices/{series}/cancelled { number, madeAt, reason }` (the seller): number
 * `number` of the counter's series, printed on a bill made at `madeAt` that will never be a sale
 * (the seller dropped it), is cancelled in the series of `madeAt`'s financial year, with its
 * reason, so that the series has no gap (docs/gst.md#cancelled-numbers). Cancelling a number
 * cancelled already answers as the first time.
 */
export const counterCancelledBodySchema = requestBody({
  number: z
    .int({ error: 'number must be a whole number' })
    .check(
      z.minimum(1, `number must be from 1 to ${MAX_OFFLINE_NUMBER}`),
      z.maximum(MAX_OFFLINE_NUMBER, `number must be from 1 to ${MAX_OFFLINE_NUMBER}`),
    ),
  madeAt: z.iso.datetime({ offset: true, error: 'madeAt must be an ISO time' }),
  reason: z
    .string({ error: 'reason must say why the bill is cancelled' })
    .check(
      z.trim(),
      z.minLength(1, 'reason must say why the bill is cancelled'),
      z.maxLength(
        MAX_CANCELLED_REASON,
        `reason must be at most ${MAX_CANCELLED_REASON} characters`,
      ),
      ...readableText('reason'),
    ),
});
export type CounterCancelledBody = z.infer<typeof counterCancelledBodySchema>;
