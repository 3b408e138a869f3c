/**
 * A reminder (docs/khata.md#reminders): a message the seller sends from their own phone, never
 * the server: the amount due, the day it has been owed since, and a UPI link for exactly that
 * amount to the shop; opened as a WhatsApp link to the customer's number.
 */
import {
  formatAmount,
  ORDER_CURRENCY,
  toRupees,
  upiPaymentUri,
  type KhataReminderAnswer,
} from '@kirana/shared';
import type { ShopSettings } from '../shop/shop.entity.js';
import type { CustomerRecord } from './khata-reads.js';

type ReminderShop = Pick<ShopSettings, 'name' | 'upiId' | 'upiName' | 'timeZone'>;

/** A day on the shop's calendar as people write it: '3 Dec 2026'. */
export function shopDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);
}

/**
 * The reminder to `customer` from `shop`: its text, the UPI link for what is due (null when
 * nothing is, or the shop has no UPI id), and the WhatsApp link that opens with the text.
 */
export function reminderOf(
  customer: CustomerRecord,
  shop: ReminderShop,
): Omit<KhataReminderAnswer, 'success'> {
  const due = customer.balancePaise;
  const rs = (paise: number) => formatAmount(toRupees(paise), ORDER_CURRENCY);
  const upiLink =
    due > 0 && shop.upiId
      ? upiPaymentUri(
          { upiId: shop.upiId, upiName: shop.upiName || shop.name },
          due,
          `Khata ${customer.name}`,
        )
      : null;
  const greeting = `Namaste ${customer.name}, this is ${shop.name}.`;
  const body =
    due > 0
      ? [
          `Your khata with us shows ${rs(due)} due` +
            (customer.owingSince
              ? `, unpaid since ${shopDate(customer.owingSince, shop.timeZone)}.`
              : '.'),
          upiLink ? `Pay by UPI: ${upiLink}` : 'Please pay at the shop.',
        ]
      : due < 0
        ? [`Your khata with us is clear, with ${rs(-due)} in your favour.`]
        : ['Your khata with us is clear: nothing is due.'];
  const text = [greeting, ...body, 'Thank you!'].join('\n');
  return {
    text,
    upiLink,
    whatsappLink: `https://wa.me/91${customer.phone}?text=${encodeURIComponent(text)}`,
  };
}
