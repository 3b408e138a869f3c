import * as z from 'zod/mini';
import { TAX_MODES } from '../domain/gst.js';
import { SCALE_LABEL_VALUES } from '../domain/scale-label.js';

/*
 * The shop as the storefront and the seller read it (docs/promise.md#shop-settings): open or not,
 * where it delivers, what delivery costs, how soon it promises to arrive, its UPI id. Rupees as
 * numbers, as elsewhere. Changing it: shop-settings.ts.
 */

/** An Indian PIN code: six digits, the first not 0. */
export const ZIPCODE = /^[1-9]\d{5}$/;

/** The shop as everyone reads it: whether it is open now, and its settings but the PIN codes. */
export const shopSchema = z.object({
  /** Takes orders now (its hours, not paused). */
  open: z.boolean(),
  /** Closed: when it opens next (null: not within a week). */
  opensAt: z.nullable(z.iso.datetime()),
  /** Open: when it closes next (null: around the clock). */
  closesAt: z.nullable(z.iso.datetime()),
  hours: z.array(z.object({ day: z.int(), opens: z.string(), closes: z.string() })),
  pausedUntil: z.nullable(z.iso.datetime()),
  /** It delivers to some PIN codes only (`GET /api/shop/serviceable` says which). */
  limitedArea: z.boolean(),
  minimumOrder: z.number(),
  deliveryFee: z.number(),
  freeDeliveryAbove: z.number(),
  promiseMinutes: z.int(),
  /** The most units of one product an order may take. */
  maxPerLine: z.int(),
  /** The most open orders one shopper may have unpaid. */
  maxOpenOrders: z.int(),
  upiId: z.string(),
  upiName: z.string(),
  /** What the shop's weighing scales print on their labels, per prefix. */
  scaleLabels: z.array(z.object({ prefix: z.string(), value: z.enum(SCALE_LABEL_VALUES) })),
  timeZone: z.string(),
  /** The shop's name and how to reach it (storefront, page titles, receipts). */
  name: z.string(),
  phone: z.string(),
  /** Empty: none given. */
  email: z.string(),
  /** Empty: none given. */
  address: z.string(),
  /** Returns and refunds in the seller's words; empty: none written. */
  returnsPolicy: z.string(),
  /** How the shop bills, and what its bills print (docs/gst.md#tax-modes); empty: none given. */
  tax: z.enum(TAX_MODES),
  gstin: z.string(),
  legalName: z.string(),
  invoicePrefix: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

/** `GET /api/shop`: the shop; to the seller, with its PIN codes. */
export const shopAnswerSchema = z.object({
  success: z.literal(true),
  shop: shopSchema,
  zipcodes: z.optional(z.array(z.string())),
});
export type ShopAnswer = z.infer<typeof shopAnswerSchema>;

/** `PUT /api/shop` (seller): the settings as saved, PIN codes included. */
export const shopSavedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  shop: shopSchema,
  zipcodes: z.array(z.string()),
});
export type ShopSavedAnswer = z.infer<typeof shopSavedAnswerSchema>;

/** Whether the shop delivers to that PIN code, and a sentence saying so (or where it does). */
export const serviceableAnswerSchema = z.object({
  success: z.literal(true),
  serviceable: z.boolean(),
  message: z.string(),
});
export type ServiceableAnswer = z.infer<typeof serviceableAnswerSchema>;
