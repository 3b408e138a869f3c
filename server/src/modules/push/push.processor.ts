/**
 * Background alerts on the agents' phones: every order newly open in the agents' pool (a COD
 * order placed, an online order once paid, an order taken back or offered again) is pushed
 * through Web Push to the subscribed phones of the agents on duty, so the phone shows it while
 * the agent app is closed.
 */
import { isOpenForAgents } from '@kirana/shared';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventListener, OrderChange } from '../../lib/domain-events.js';
import { factsOf } from '../order/order-rules.js';
import type { ListedOrder } from '../order/order.presenter.js';
import { readListedOrders } from '../order/order.service.js';
import { alertTopic, newOrderAlert } from './push-alert.js';
import { sendAlert, type PushDeps } from './push-sender.js';
import { deleteSubscription, onDutySubscriptions, type AlertRecipient } from './push.service.js';

/** How many push services are asked at once. */
const CONCURRENT_SENDS = 8;

/** The changes after which an order may be newly open to the agents. */
const OFFERING_CHANGES: ReadonlySet<OrderChange> = new Set(['paid', 'released', 'unaccepted']);

type OrderEvent = Extract<DomainEvent, { type: 'order.placed' | 'order.changed' }>;

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

/** The domain events' listener that alerts on-duty agents' phones to orders newly open to them. */
export function pushProcessor(orm: MikroORM, deps: PushDeps): DomainEventListener {
  return async (event) => {
    if (!offersOrder(event)) return;
    const em = orm.em.fork();
    // Read after commit: an order taken meanwhile is no longer worth an alert.
    const [order] = await readListedOrders(em, [event.orderId]);
    if (!order || !isOpenForAgents(factsOf(order))) return;
    const recipients = await onDutySubscriptions(em);
    if (recipients.length === 0) return;
    const sent = await alertAgents(em, deps, order, recipients);
    deps.logger.debug({ orderId: order.id, sent, of: recipients.length }, 'push: new order alert');
  };
}
