/**
 * Background alerts on the agents' phones: every order newly open in the agents' pool (a COD
 * order placed, an online order once paid, an order taken back or offered again) is pushed
 * through Web Push to the subscribed phones of the agents on duty, so the phone shows it while
 * the agent app is closed.
 */
import { isOpenForAgents } from '@kirana/shared';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventListener, OrderChange } from '../../lib/domain-events.js';
import { readInBatches } from '../../lib/in-batches.js';
import { factsOf } from '../order/order-rules.js';
import type { ListedOrder } from '../order/order.presenter.js';
import { readListedOrders } from '../order/order-reads.js';
import { alertTopic, newOrderAlert } from './push-alert.js';
import { sendAlert, type PushDeps } from './push-sender.js';
import { deleteSubscription, onDutySubscriptions, type AlertRecipient } from './push.service.js';

/** How many push services are asked at once. */
const CONCURRENT_SENDS = 8;

/** The changes after which an order may be newly open to the agents. */
const OFFERING_CHANGES: ReadonlySet<OrderChange> = new Set(['paid', 'released', 'unaccepted']);

type OrderEvent = Extract<DomainEvent, { type: 'order.placed' | 'order.changed' }>;

/** An order to alert the agents to, and the phones to alert. */
interface Alert {
  order: ListedOrder;
  recipients: AlertRecipient[];
}

function offersOrder(event: DomainEvent): event is OrderEvent {
  if (event.type === 'order.placed') return true;
  return event.type === 'order.changed' && OFFERING_CHANGES.has(event.change);
}

/**
 * Sends `order`'s alert to each recipient, {@link CONCURRENT_SENDS} at a time, and forgets the
 * subscriptions their push service says are gone. Answers how many were sent.
 */
export async function alertAgents(
  em: EntityManager,
  deps: PushDeps,
  order: ListedOrder,
  recipients: readonly AlertRecipient[],
): Promise<number> {
  const topic = alertTopic(order.id);
  const queue = [...recipients];
  let sent = 0;
  const worker = async () => {
    for (let recipient = queue.shift(); recipient; recipient = queue.shift()) {
      const delivery = await sendAlert(
        deps,
        recipient,
        newOrderAlert(order, recipient.locale),
        topic,
      );
      if (delivery === 'sent') sent += 1;
      if (delivery === 'gone') await deleteSubscription(em, recipient.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENDS, queue.length) }, worker));
  return sent;
}

/**
 * The domain events' listener that alerts on-duty agents' phones to orders newly open to them.
 * Every order placed comes here: the phones and the orders are read once for each batch of events
 * (see {@link readInBatches}), the phones first, so a shop with no phone subscribed on duty reads
 * no order; each order's alerts are then sent on their own, a slow push service holding up no
 * other order's.
 */
export function pushProcessor(orm: MikroORM, deps: PushDeps): DomainEventListener {
  const readAlert = readInBatches(async (orderIds: string[]) => {
    const em = orm.em.fork();
    const recipients = await onDutySubscriptions(em);
    if (recipients.length === 0) return new Map<string, Alert>();
    // Read after commit: an order taken meanwhile is no longer worth an alert.
    const orders = await readListedOrders(em, [...new Set(orderIds)]);
    return new Map(orders.map((order) => [order.id, { order, recipients }]));
  });
  return async (event) => {
    if (!offersOrder(event)) return;
    const alert = await readAlert(event.orderId);
    if (!alert || !isOpenForAgents(factsOf(alert.order))) return;
    const { order, recipients } = alert;
    const sent = await alertAgents(orm.em.fork(), deps, order, recipients);
    deps.logger.debug({ orderId: order.id, sent, of: recipients.length }, 'push: new order alert');
  };
}
