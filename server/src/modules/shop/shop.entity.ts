import {
  DEFAULT_SCALE_LABELS,
  DEFAULT_TIME_ZONE,
  MAX_OPEN_ORDERS,
  MAX_PER_LINE,
  PROMISE_MINUTES,
  SHOP_TEXT_LENGTHS,
  SPEC_SHOP_CONTACT,
  TAX_MODES,
  type OpeningHours,
  type ScaleLabelSetting,
} from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { updatedAtProperty } from '../../db/base.js';

/** The one shop's settings (docs/promise.md#shop-settings): one row, made by its migration. */
export const ShopSettingsSchema = defineEntity({
  name: 'ShopSettings',
  tableName: 'shop_settings',
  properties: {
    /** Always 1: there is one shop. */
    id: p.smallint().primary().autoincrement(false).check('id = 1'),
    /** The PIN codes it delivers to, sorted; none: everywhere. */
    zipcodes: p.json<string[]>(),
    /** When it is open, in `timeZone`; none: around the clock. */
    hours: p.json<OpeningHours[]>(),
    pausedUntil: p.datetime().nullable(),
    minimumOrderPaise: p.integer().default(0),
    deliveryFeePaise: p.integer().default(0),
    /** Delivery is free from this subtotal; 0: never free unless the fee is 0. */
    freeDeliveryAbovePaise: p.integer().default(0),
    promiseMinutes: p.smallint().default(PROMISE_MINUTES.default),
    /** The most units of one product an order may take (the till is not bound by it). */
    maxPerLine: p.smallint().default(MAX_PER_LINE.default),
    /** The most open orders one shopper may have unpaid (cash not yet paid, online not paid). */
    maxOpenOrders: p.smallint().default(MAX_OPEN_ORDERS.default),
    upiId: p.string().length(320).default(''),
    upiName: p.string().length(100).default(''),
    /** What the shop's weighing scales print on their labels, per prefix. */
    scaleLabels: p.json<ScaleLabelSetting[]>().default(JSON.stringify(DEFAULT_SCALE_LABELS)),
    timeZone: p.string().length(64).default(DEFAULT_TIME_ZONE),
    /** The shop's name and how shoppers reach it; empty e-mail or address: none given. */
    name: p.string().length(SHOP_TEXT_LENGTHS.name).default(SPEC_SHOP_CONTACT.name),
    phone: p.string().length(SHOP_TEXT_LENGTHS.phone).default(SPEC_SHOP_CONTACT.phone),
    email: p.string().length(SHOP_TEXT_LENGTHS.email).default(SPEC_SHOP_CONTACT.email),
    address: p.string().length(SHOP_TEXT_LENGTHS.address).default(''),
    /** Returns and refunds in the seller's words; empty: none written. */
    returnsPolicy: p.string().length(SHOP_TEXT_LENGTHS.returnsPolicy).default(''),
    /** How the shop bills, and what its bills print (docs/gst.md#tax-modes); empty: none given. */
    tax: p.enum(TAX_MODES).default('spec'),
    gstin: p.string().length(15).default(''),
    legalName: p.string().length(SHOP_TEXT_LENGTHS.legalName).default(''),
    invoicePrefix: p.string().length(4).default(''),
    updatedAt: updatedAtProperty(),
  },
});
export type ShopSettings = InferEntity<typeof ShopSettingsSchema>;
