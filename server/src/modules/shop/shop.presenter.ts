import { toRupees, type Shop } from '@kirana/shared';
import type { ShopSettings } from './shop.entity.js';
import { openingOf } from './shop.service.js';

/** The shop as `GET /api/shop` answers it at `now` (its PIN codes go to the seller apart). */
export function presentShop(shop: ShopSettings, now = new Date()): Shop {
  const opening = openingOf(shop, now);
  return {
    open: opening.open,
    opensAt: opening.opensAt?.toISOString() ?? null,
    closesAt: opening.closesAt?.toISOString() ?? null,
    hours: shop.hours,
    pausedUntil: shop.pausedUntil && shop.pausedUntil > now ? shop.pausedUntil.toISOString() : null,
    limitedArea: shop.zipcodes.length > 0,
    minimumOrder: toRupees(shop.minimumOrderPaise),
    deliveryFee: toRupees(shop.deliveryFeePaise),
    freeDeliveryAbove: toRupees(shop.freeDeliveryAbovePaise),
    promiseMinutes: shop.promiseMinutes,
    maxPerLine: shop.maxPerLine,
    maxOpenOrders: shop.maxOpenOrders,
    upiId: shop.upiId,
    upiName: shop.upiName,
    scaleLabels: shop.scaleLabels,
    timeZone: shop.timeZone,
    name: shop.name,
    phone: shop.phone,
    email: shop.email,
    address: shop.address,
    returnsPolicy: shop.returnsPolicy,
    tax: shop.tax,
    gstin: shop.gstin,
    legalName: shop.legalName,
    invoicePrefix: shop.invoicePrefix,
  };
}
