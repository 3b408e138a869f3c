import type { OpeningHoursSettings, Shop, ShopUpdateBody } from '@kirana/shared';

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
  upiId: string;
  upiName: string;
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

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
    upiId: shop.upiId,
    upiName: shop.upiName,
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
    upiId: values.upiId.trim(),
    upiName: values.upiName.trim(),
  };
}

/** A pause of `minutes` from `now`, as `PUT /api/shop` takes it. */
export const pauseFor = (minutes: number, now = Date.now()): ShopUpdateBody => ({
  pausedUntil: new Date(now + minutes * 60_000).toISOString(),
});
