/**
 * Web Push from the domain events, to browsers that may be closed:
 * - agents' phones: every order newly open in the agents' pool (a COD order placed, an online
 *   order once paid, an order taken back) reaches the subscribed phones of the agents on duty;
 *   many at once, or orders offered again for nobody took them, as one message saying how many
 *   wait;
 * - shoppers' browsers: their own order accepted by an agent (or given to one by the seller),
 *   picked, delivered, or cancelled by the shop, reaches the browsers they subscribed.
 */
import { isOpenForAgents, type PushAlert } from '@kirana/shared';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventListener, OrderChange } from '../../lib/domain-events.js';
import { readInBatches } from '../../lib/in-batches.js';
import { countOpenPoolOrders } from '../order/order-queries.js';
import { factsOf } from '../order/order-rules.js';
import { readChangesForShoppers, type ChangeForShopper } from '../order/order-reads.js';
import { readShop } from '../shop/shop.service.js';
import { alertTopic, BACKLOG_TAG, backlogAlert, newOrderAlert } from './push-alert.js';
import {
  ALERT_TTL_SECONDS,
  sendAlert,
  type Delivering,
  type Delivery,
  type PushDeps,
} from './push-sender.js';
import {
  keepDelivery,
  onDutySubscriptions,
  shopperSubscriptions,
  type AlertRecipient,
} from './push.service.js';
import { orderUpdateAlert, type OrderUpdateKind } from './order-update-alert.js';
import { SendQueue } from './send-queue.js';

/** How many messages the process sends at once, to all push services together. */
export const CONCURRENT_SENDS = 4;

/** How many messages may wait to be sent; beyond, the oldest waiting is dropped. */
const MOST_WAITING = 200;

/**
 * A shopper's notification is kept for a browser that is offline this long at most; a newer one
 * about the same order replaces it meanwhile (the same topic).
 */
export const UPDATE_TTL_SECONDS = 60 * 60;

/**
 * The changes after which an order may be newly open to the agents. Not 'unaccepted': a round
 * offering orders again tells the phones once how many wait ('orders.reoffered').
 */
const OFFERING_CHANGES: ReadonlySet<OrderChange> = new Set(['paid', 'released']);

/** The changes a shopper may be told of (which of them, by their history line). */
const SHOPPER_CHANGES: ReadonlySet<OrderChange> = new Set([
  'accepted',
  'assigned',
  'status',
  'cancelled',
  'expired',
]);

type OrderEvent = Extract<DomainEvent, { type: 'order.placed' | 'order.changed' }>;
type ChangeEvent = Extract<DomainEvent, { type: 'order.changed' }>;

/**
 * What the agents' phones are told: one order newly open, or how many wait when many opened at
 * once. Sent once, by the first event that reads it.
 */
interface Offer {
  recipients: AlertRecipient[];
  alertFor: (recipient: AlertRecipient) => PushAlert;
  delivering: Delivering;
  sending?: Promise<number>;
}

/** A change to tell a shopper of, and their browsers. */
interface Update {
  alert: PushAlert;
  recipients: AlertRecipient[];
}

function offersOrder(event: DomainEvent): event is OrderEvent {
  if (event.type === 'order.placed') return true;
  return event.type === 'order.changed' && OFFERING_CHANGES.has(event.change);
}

function tellsShopper(event: DomainEvent): event is ChangeEvent & { historyId: string } {
  return (
    event.type === 'order.changed' && event.historyId !== null && SHOPPER_CHANGES.has(event.change)
  );
}

/**
 * What the shopper is told of a history line: an agent took it (or the seller gave it to one),
 * it was picked or delivered, the shop cancelled it (or it expired unpaid). Their own
 * cancellation they know of; other lines (a wrong PIN, a payment) are not news for them.
 */
function updateKindOf(change: ChangeForShopper): OrderUpdateKind | null {
  switch (change.type) {
    case 'accepted':
    case 'assigned':
      return 'accepted';
    case 'status':
      if (change.toStatus === 'Picked') return 'picked';
      return change.toStatus === 'Delivered' ? 'delivered' : null;
    case 'cancelled':
    case 'expired':
      return change.actorRole === 'user' ? null : 'cancelled';
    default:
      return null;
  }
}

/**
 * The agents' alert of the order `event` carries, as its transaction left it; none when it is not
 * open to them.
 */
function orderOffer(event: OrderEvent, recipients: AlertRecipient[]): Offer | undefined {
  const { order } = event;
  if (!isOpenForAgents(factsOf(order))) return undefined;
  return {
    recipients,
    alertFor: (recipient) => newOrderAlert(order, recipient.locale),
    delivering: { topic: alertTopic(order.id), ttlSeconds: ALERT_TTL_SECONDS, urgency: 'high' },
  };
}

/** The agents' message telling how many orders wait now; none when none does. */
async function backlogOffer(
  em: EntityManager,
  recipients: AlertRecipient[],
): Promise<Offer | undefined> {
  const waiting = await countOpenPoolOrders(em);
  if (waiting === 0) return undefined;
  return {
    recipients,
    alertFor: (recipient) => backlogAlert(waiting, recipient.locale),
    delivering: { topic: BACKLOG_TAG, ttlSeconds: ALERT_TTL_SECONDS, urgency: 'high' },
  };
}

/**
 * The domain events' listener that alerts on-duty agents' phones to orders newly open to them,
 * and tells shoppers' browsers of their orders' changes. Every order placed or changed comes
 * here: what to send is read once for each batch of events (see {@link readInBatches}), the
 * recipients first (a shop with no phone subscribed on duty reads nothing more). An order alone
 * is alerted as itself, as its event carries it (nothing read); many at once (a burst, a round
 * of the unaccepted alert) as one message saying how many wait, counted then. Every message goes through one
 * {@link SendQueue} for the process, so a push service that never answers holds a few sends, not
 * one per message: each listener resolves once its messages are sent, replaced or dropped.
 * `stop()` drops what waits, so a shutdown waits only for the few sends in flight.
 */
export function pushProcessor(
  orm: MikroORM,
  deps: PushDeps,
): { listener: DomainEventListener; stop: () => void } {
  const queue = new SendQueue<Delivery>({
    concurrency: CONCURRENT_SENDS,
    mostWaiting: MOST_WAITING,
  });

  /**
   * Puts each recipient's message in the queue, under its subscription and the topic; keeps
   * how each went, and drops the waiting messages of a subscription forgotten or switched off.
   * Answers how many were sent.
   */
  async function sendToEach(
    recipients: readonly AlertRecipient[],
    alertFor: (recipient: AlertRecipient) => PushAlert,
    delivering: Delivering,
  ): Promise<number> {
    const outcomes = await Promise.all(
      recipients.map((recipient) =>
        queue.add(`${recipient.id} ${delivering.topic}`, async () => {
          const delivery = await sendAlert(deps, recipient, alertFor(recipient), delivering);
          const switchedOff = await keepDelivery(orm.em.fork(), recipient.id, delivery);
          if (switchedOff) {
            deps.logger.warn(
              { subscriptionId: recipient.id },
              'push: a subscription kept failing and is switched off until its browser subscribes again',
            );
          }
          if (switchedOff || delivery === 'gone')
            queue.drop((key) => key.startsWith(`${recipient.id} `));
          return delivery;
        }),
      ),
    );
    return outcomes.filter((outcome) => outcome === 'sent').length;
  }

  /** Sends `offer` once, however many events share it; a failure is logged once too. */
  function send(offer: Offer): Promise<number> {
    offer.sending ??= sendToEach(offer.recipients, offer.alertFor, offer.delivering).then(
      (sent) => {
        deps.logger.debug(
          { topic: offer.delivering.topic, sent, of: offer.recipients.length },
          'push: open orders alert to the agents',
        );
        return sent;
      },
      (error: unknown) => {
        deps.logger.error({ err: error }, 'push: the open orders alert failed');
        return 0;
      },
    );
    return offer.sending;
  }

  const readOffer = readInBatches(async (events: OrderEvent[]) => {
    const em = orm.em.fork();
    const recipients = await onDutySubscriptions(em);
    // Events of one order: its last leaves it as it is now.
    const last = events.at(-1);
    let offer: Offer | undefined;
    if (last && recipients.length > 0) {
      offer = events.some((event) => event.orderId !== last.orderId)
        ? await backlogOffer(em, recipients)
        : orderOffer(last, recipients);
    }
    return new Map(offer ? events.map((event) => [event, offer]) : []);
  });

  const readUpdate = readInBatches(async (historyIds: string[]) => {
    const em = orm.em.fork();
    const changes = (await readChangesForShoppers(em, historyIds)).flatMap((change) => {
      const kind = updateKindOf(change);
      return kind ? [{ change, kind }] : [];
    });
    const browsers = await shopperSubscriptions(
      em,
      changes.map(({ change }) => change.userId),
    );
    const told = changes.filter(({ change }) => browsers.has(change.userId));
    const updates = new Map<string, Update>();
    if (told.length === 0) return updates;
    const { timeZone } = await readShop(em);
    const now = new Date();
    for (const { change, kind } of told) {
      const alert = orderUpdateAlert(
        {
          orderId: change.orderId,
          kind,
          agentName: change.agentName,
          promisedAt: change.promisedAt,
          cancelReason: change.cancelReason,
        },
        timeZone,
        now,
      );
      const recipients = browsers.get(change.userId);
      if (alert && recipients) updates.set(change.historyId, { alert, recipients });
    }
    return updates;
  });

  const listener: DomainEventListener = async (event) => {
    if (tellsShopper(event)) {
      const update = await readUpdate(event.historyId);
      if (update) {
        const sent = await sendToEach(update.recipients, () => update.alert, {
          topic: alertTopic(event.orderId),
          ttlSeconds: UPDATE_TTL_SECONDS,
          urgency: 'normal',
        });
        deps.logger.debug(
          { orderId: event.orderId, change: event.change, sent, of: update.recipients.length },
          'push: order update to its shopper',
        );
      }
    }
    let offer: Offer | undefined;
    if (event.type === 'orders.reoffered') {
      const em = orm.em.fork();
      const recipients = await onDutySubscriptions(em);
      if (recipients.length > 0) offer = await backlogOffer(em, recipients);
    } else if (offersOrder(event)) {
      offer = await readOffer(event);
    }
    if (offer) await send(offer);
  };
  return { listener, stop: () => queue.close() };
}
