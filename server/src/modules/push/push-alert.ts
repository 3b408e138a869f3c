import {
  formatAmount,
  ORDER_CURRENCY,
  orderNumber,
  toRupees,
  type PushAlert,
  type PushLocale,
} from '@kirana/shared';
import type { ListedOrder } from '../order/order.presenter.js';

/** What an alert tells of an order: its number, amount, size and area, nobody's name or street. */
export type AlertedOrder = Pick<ListedOrder, 'id' | 'amountPaise' | 'items'> & {
  address: Pick<ListedOrder['address'], 'city' | 'zipcode'>;
};

/** The alerts' texts in each language of the agent app (its own are in its Lingui catalogues). */
const TEXTS: Record<
  PushLocale,
  {
    title: (number: string) => string;
    units: (count: number) => string;
    waiting: (count: number) => string;
    notAccepted: (count: number) => string;
  }
> = {
  en: {
    title: (number) => `New order #${number}`,
    units: (count) => (count === 1 ? '1 item' : `${count} items`),
    waiting: (count) => (count === 1 ? '1 order waits' : `${count} orders wait`),
    notAccepted: (count) =>
      count === 1 ? 'No agent has accepted it yet' : 'No agent has accepted them yet',
  },
  hi: {
    title: (number) => `नया ऑर्डर #${number}`,
    units: (count) => `${count} सामान`,
    waiting: (count) => (count === 1 ? '1 ऑर्डर इंतज़ार कर रहा है' : `${count} ऑर्डर इंतज़ार कर रहे हैं`),
    notAccepted: () => 'अभी तक किसी एजेंट ने स्वीकार नहीं किया',
  },
};

/**
 * The notification an agent's phone shows for a new open order, in `locale`: "New order
 * #7FCAC308", "₹289.00 · 3 items · Bengaluru 560001"; a tap opens the order in the agent app.
 */
export function newOrderAlert(order: AlertedOrder, locale: PushLocale = 'en'): PushAlert {
  const texts = TEXTS[locale];
  let units = 0;
  for (const item of order.items) units += item.quantity;
  const area = [order.address.city, order.address.zipcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const body = [formatAmount(toRupees(order.amountPaise), ORDER_CURRENCY), texts.units(units), area]
    .filter(Boolean)
    .join(' · ');
  return {
    title: texts.title(orderNumber(order.id)),
    body,
    tag: order.id,
    url: `/agents?order=${encodeURIComponent(order.id)}`,
  };
}

/** The tag and topic of the message that tells how many orders wait: a newer one replaces it. */
export const BACKLOG_TAG = 'backlog';

/**
 * The one notification an agent's phone shows for many open orders at once (a burst, or the
 * orders offered again for nobody took them), in `locale`: "37 orders wait", "No agent has
 * accepted them yet"; a tap opens the agent app's list.
 */
export function backlogAlert(count: number, locale: PushLocale = 'en'): PushAlert {
  const texts = TEXTS[locale];
  return {
    title: texts.waiting(count),
    body: texts.notAccepted(count),
    tag: BACKLOG_TAG,
    url: '/agents',
  };
}

/**
 * The push service's Topic for an order's alerts (at most 32 URL-safe characters): a message
 * still waiting on the service is replaced by a newer one about the same order.
 */
export function alertTopic(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 32);
}
