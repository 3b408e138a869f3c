/**
 * The shop's settings and the rules they make for orders
 * (docs/promise.md#placing-an-order-under-the-promise): where it delivers, when it takes orders,
 * the smallest order it takes and what delivery costs.
 */
import {
  cartTotals,
  type PricedLine,
  formatAmount,
  SHOP_CURRENCY,
  MAX_PAUSE_DAYS,
  MESSAGES,
  paiseOf,
  shopOpening,
  shopTimeLabel,
  TIME_ZONE_EXPECTED,
  toRupees,
  type CartTotals,
  type DeliveryCharge,
  type ShopOpening,
  type ShopUpdateBody,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { ShopSettingsSchema, type ShopSettings } from './shop.entity.js';

/** How many PIN codes a refusal names before "and N more". */
const NAMED_ZIPCODES = 5;

/** The shop's settings (its one row). */
export function readShop(em: EntityManager): Promise<ShopSettings> {
  return em.findOneOrFail(ShopSettingsSchema, { id: 1 });
}

/**
 * Changes the settings `body` names, then announces them (`shop.changed`) to every storefront.
 * @throws AppError INVALID for a pause longer than MAX_PAUSE_DAYS, or a registered tax mode
 * without the GSTIN, legal name and address its bills print (nothing is saved).
 */
export async function updateShop(
  em: EntityManager,
  events: DomainEvents,
  body: ShopUpdateBody,
  now = new Date(),
): Promise<ShopSettings> {
  const pausedUntil =
    body.pausedUntil === undefined ? undefined : body.pausedUntil && new Date(body.pausedUntil);
  if (pausedUntil && pausedUntil.getTime() - now.getTime() > MAX_PAUSE_DAYS * 24 * 3_600_000)
    throw new AppError('INVALID', `pausedUntil must be within ${MAX_PAUSE_DAYS} days`);
  if (body.timeZone !== undefined) await assertDatabaseKnows(em, body.timeZone);
  const shop = await readShop(em);
  assertBillsCanBeIssued({
    tax: body.tax ?? shop.tax,
    gstin: body.gstin ?? shop.gstin,
    legalName: body.legalName ?? shop.legalName,
    address: body.address ?? shop.address,
  });
  em.assign(shop, {
    ...(body.zipcodes && { zipcodes: body.zipcodes }),
    ...(body.hours && { hours: body.hours }),
    ...(pausedUntil !== undefined && { pausedUntil }),
    ...(body.minimumOrder !== undefined && { minimumOrderPaise: paiseOf(body.minimumOrder) }),
    ...(body.deliveryFee !== undefined && { deliveryFeePaise: paiseOf(body.deliveryFee) }),
    ...(body.freeDeliveryAbove !== undefined && {
      freeDeliveryAbovePaise: paiseOf(body.freeDeliveryAbove),
    }),
    ...(body.promiseMinutes !== undefined && { promiseMinutes: body.promiseMinutes }),
    ...(body.maxPerLine !== undefined && { maxPerLine: body.maxPerLine }),
    ...(body.maxOpenOrders !== undefined && { maxOpenOrders: body.maxOpenOrders }),
    ...(body.upiId !== undefined && { upiId: body.upiId }),
    ...(body.upiName !== undefined && { upiName: body.upiName }),
    ...(body.scaleLabels !== undefined && { scaleLabels: body.scaleLabels }),
    ...(body.timeZone !== undefined && { timeZone: body.timeZone }),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.phone !== undefined && { phone: body.phone }),
    ...(body.email !== undefined && { email: body.email }),
    ...(body.address !== undefined && { address: body.address }),
    ...(body.returnsPolicy !== undefined && { returnsPolicy: body.returnsPolicy }),
    ...(body.tax !== undefined && { tax: body.tax }),
    ...(body.gstin !== undefined && { gstin: body.gstin }),
    ...(body.legalName !== undefined && { legalName: body.legalName }),
    ...(body.invoicePrefix !== undefined && { invoicePrefix: body.invoicePrefix }),
  });
  await em.flush();
  events.publish({ type: 'shop.changed' });
  return shop;
}

/** What a registered shop's bills must print (docs/gst.md#tax-modes), as the settings name them. */
const REGISTERED_DETAILS = ['gstin', 'legalName', 'address'] as const;

/**
 * A shop on composition or registered regular prints its GSTIN, legal name and address on every
 * bill: the settings as they would be saved must have them all.
 * @throws AppError INVALID naming what is missing.
 */
function assertBillsCanBeIssued(
  settings: Pick<ShopSettings, 'tax' | (typeof REGISTERED_DETAILS)[number]>,
): void {
  if (settings.tax !== 'composition' && settings.tax !== 'regular') return;
  const missing = REGISTERED_DETAILS.filter((detail) => settings[detail] === '');
  if (missing.length === 0) return;
  throw new AppError(
    'INVALID',
    `tax ${settings.tax} needs the shop's gstin, legalName and address: ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`,
  );
}

/** `a`, `a and b`, `a, b and c`. */
const listed = (names: readonly string[]): string =>
  names.length === 1 ? `${names[0]}` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** PostgreSQL's error for a time zone it does not know (invalid_parameter_value). */
export const UNKNOWN_TIME_ZONE = '22023';

/**
 * The dashboard counts the shop's days in PostgreSQL: a zone that Node's Intl knows and its
 * time-zone data does not (US/Pacific-New, removed from IANA's) is refused here, not left to fail
 * there.
 */
async function assertDatabaseKnows(em: EntityManager, timeZone: string): Promise<void> {
  try {
    await em.getConnection().execute('select now() at time zone ?', [timeZone]);
  } catch (error) {
    if ((error as { code?: string }).code === UNKNOWN_TIME_ZONE)
      throw new AppError('INVALID', TIME_ZONE_EXPECTED);
    throw error;
  }
}

/** Whether the shop takes orders at `now`, and when that changes. */
export const openingOf = (shop: ShopSettings, now: Date): ShopOpening =>
  shopOpening(
    { hours: shop.hours, pausedUntil: shop.pausedUntil ?? null, timeZone: shop.timeZone },
    now,
  );

/** What the shop charges to deliver. */
export const deliveryChargeOf = (shop: ShopSettings): DeliveryCharge => ({
  fee: shop.deliveryFeePaise,
  freeFrom: shop.freeDeliveryAbovePaise,
});

/** Amounts as the storefront writes them (the shopper reads these refusals there). */
const rupees = (paise: number) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/** Whether the shop delivers to `zipcode`, and the sentence that says so, or where it does. */
export function serviceability(
  shop: ShopSettings,
  zipcode: string,
): { serviceable: boolean; message: string } {
  if (shop.zipcodes.length === 0 || shop.zipcodes.includes(zipcode))
    return { serviceable: true, message: MESSAGES.deliversTo(zipcode) };
  const named = shop.zipcodes.slice(0, NAMED_ZIPCODES).join(', ');
  const more = shop.zipcodes.length - NAMED_ZIPCODES;
  return {
    serviceable: false,
    message: MESSAGES.notServiceable(zipcode, more > 0 ? `${named} and ${more} more` : named),
  };
}

/**
 * Refuses an order while the shop is closed, saying when it opens.
 * @throws AppError SHOP_CLOSED outside its hours or while paused.
 */
export function assertOpen(shop: ShopSettings, now: Date): void {
  const opening = openingOf(shop, now);
  if (!opening.open)
    throw new AppError(
      'SHOP_CLOSED',
      MESSAGES.closedNow(opening.opensAt && shopTimeLabel(opening.opensAt, shop.timeZone, now)),
    );
}

/** When an order the shop sees at `from` should arrive. */
export const promisedAt = (shop: ShopSettings, from: Date): Date =>
  new Date(from.getTime() + shop.promiseMinutes * 60_000);

/**
 * The totals of an order of `lines` to `zipcode` at `now`, with the shop's delivery fee, taxed
 * as the shop bills (cartTotals: the spec's 2 % added only in `spec`; otherwise shelf prices are
 * final, a registered shop's including GST).
 * @throws AppError SHOP_CLOSED outside its hours or while paused; NOT_SERVICEABLE for a PIN code
 * it does not deliver to; BELOW_MINIMUM for a subtotal under its minimum order.
 */
export function priceOrder(
  shop: ShopSettings,
  lines: readonly PricedLine[],
  zipcode: string,
  now: Date,
): CartTotals {
  assertOpen(shop, now);
  const area = serviceability(shop, zipcode);
  if (!area.serviceable) throw new AppError('NOT_SERVICEABLE', area.message);
  const totals = cartTotals(lines, deliveryChargeOf(shop), shop.tax);
  if (totals.subtotal < shop.minimumOrderPaise)
    throw new AppError(
      'BELOW_MINIMUM',
      MESSAGES.belowMinimum(
        rupees(shop.minimumOrderPaise),
        rupees(shop.minimumOrderPaise - totals.subtotal),
      ),
    );
  return totals;
}
