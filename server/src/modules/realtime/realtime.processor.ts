/**
 * Every socket event the server sends is sent here: domain events (published by services after
 * their transaction commits) become room emits. Each order goes to a room in the form that
 * room's HTTP endpoint answers, and only to rooms whose members could fetch it.
 */
import { isOpenForAgents, isVisibleTo, ROOMS, toRupees } from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventListener } from '../../lib/domain-events.js';
import { presentCashLine } from '../cash/cash.presenter.js';
import { readLedger } from '../cash/cash.service.js';
import { customerById } from '../khata/khata-reads.js';
import { presentCustomer } from '../khata/khata.presenter.js';
import { factsOf } from '../order/order-rules.js';
import { presentOrder, presentSellerOrder, presentShopperOrder } from '../order/order.presenter.js';
import { ProductSchema } from '../product/product.entity.js';
import { presentProduct } from '../product/product.presenter.js';
import { presentShop } from '../shop/shop.presenter.js';
import { readShop } from '../shop/shop.service.js';
import type { SessionKind } from '../../lib/session-kinds.js';
import { accountRoom, sessionRoom, type Realtime } from './realtime.server.js';

type OrderEvent = Extract<DomainEvent, { type: 'order.placed' | 'order.changed' }>;

/**
 * `publicUrl`: this server's origin, under which the events' pictures are absolute URLs (unset:
 * they stay relative, for the server's own pages wherever they reached it from).
 */
export function realtimeProcessor(
  realtime: Realtime,
  orm: MikroORM,
  publicUrl: string | undefined,
): DomainEventListener {
  /**
   * Sends one order event with the order it carries, as the transaction that changed it left it:
   * no read on the way from the commit to the sockets.
   */
  function sendOrder(event: OrderEvent): void {
    const { order } = event;
    const facts = factsOf(order);
    const { listening } = realtime;
    if (event.type === 'order.changed' && event.change === 'unaccepted') {
      // Still open as its round left it: an alert at the counter, offered again.
      if (!isOpenForAgents(facts)) return;
      listening(realtime.seller, ROOMS.seller)?.emit(
        'order:unaccepted',
        presentSellerOrder(order, publicUrl),
      );
      listening(realtime.agents, ROOMS.agents)?.emit(
        'order:unaccepted',
        presentOrder(order, publicUrl),
      );
      return;
    }
    const name = event.type === 'order.placed' ? 'order:created' : 'order:updated';
    // An online order reaches the shop when it is paid: new there, as a placed COD order is.
    const released =
      event.type === 'order.changed' && event.change === 'paid' && facts.paymentType === 'Online';
    const shopName = released ? 'order:created' : name;
    // Presented once, for the first room with someone in it: each room's copy adds its own
    // fields to it.
    let presented: ReturnType<typeof presentOrder> | undefined;
    const asListed = () => (presented ??= presentOrder(order, publicUrl));

    // The shopper's own copy is the only one with the delivery PIN.
    listening(realtime.shop, ROOMS.user(facts.userId))?.emit(
      name,
      presentShopperOrder(order, publicUrl, asListed()),
    );
    if (isVisibleTo(facts, { role: 'seller' })) {
      listening(realtime.seller, ROOMS.seller)?.emit(
        shopName,
        presentSellerOrder(order, publicUrl, asListed()),
      );
    }
    if (facts.status === 'Cancelled') {
      // It leaves the agents' lists (the pool's, or its agent's): they learn only its id.
      if (isVisibleTo(facts, { role: 'seller' })) {
        realtime.agents
          .to(facts.assignedTo ? ROOMS.agent(facts.assignedTo) : ROOMS.agents)
          .emit('order:removed', { _id: order.id, reason: 'cancelled' });
      }
    } else if (isOpenForAgents(facts)) {
      listening(realtime.agents, ROOMS.agents)?.emit(shopName, asListed());
    } else if (facts.assignedTo) {
      const handed = event.type === 'order.changed' && event.change === 'assigned';
      listening(realtime.agents, ROOMS.agent(facts.assignedTo))?.emit(
        handed ? 'order:assigned' : name,
        asListed(),
      );
      if (
        event.type === 'order.changed' &&
        (event.change === 'accepted' || event.change === 'assigned')
      ) {
        // The others only learn that it left the pool, not whose it is now.
        realtime.agents
          .to(ROOMS.agents)
          .except(ROOMS.agent(facts.assignedTo))
          .emit('order:removed', { _id: order.id, reason: 'taken' });
      }
    }
  }

  /** This instance's sockets at once, even while Redis is down; the others' through Redis. */
  function disconnect(kind: SessionKind, room: string): void {
    const namespace = realtime.of(kind);
    namespace.local.in(room).disconnectSockets(true);
    namespace.in(room).disconnectSockets(true);
  }

  return async (event) => {
    switch (event.type) {
      case 'order.placed':
      case 'order.changed':
        return sendOrder(event);
      case 'product.changed': {
        const product = await orm.em.fork().findOne(ProductSchema, { id: event.productId });
        if (!product) return;
        const presented = presentProduct(product, publicUrl);
        // The catalogue is public: every storefront socket hears it, signed in or not.
        realtime.shop.emit('product:updated', presented);
        realtime.seller.to(ROOMS.seller).emit('product:updated', presented);
        return;
      }
      case 'catalogue.changed':
        // Too many products to send one by one: screens fetch what they show again.
        realtime.shop.emit('catalogue:updated');
        realtime.seller.to(ROOMS.seller).emit('catalogue:updated');
        return;
      case 'category.changed':
        // Public, as the catalogue: storefronts and the counter fetch the categories again.
        realtime.shop.emit('categories:updated');
        realtime.seller.to(ROOMS.seller).emit('categories:updated');
        return;
      case 'shop.changed': {
        const shop = presentShop(await readShop(orm.em.fork()));
        realtime.shop.emit('shop:updated', shop);
        realtime.seller.to(ROOMS.seller).emit('shop:updated', shop);
        return;
      }
      case 'refund.requested':
      case 'orders.reoffered':
        // A round's orders offered again came each as its own 'unaccepted' change.
        return;
      case 'agents.changed':
        realtime.seller.to(ROOMS.seller).emit('agents:updated');
        return;
      case 'till.changed':
        realtime.seller.to(ROOMS.seller).emit('till:updated');
        return;
      case 'khata.changed': {
        const customer = await customerById(orm.em.fork(), event.customerId);
        realtime.seller.to(ROOMS.seller).emit('khata:updated', presentCustomer(customer));
        return;
      }
      case 'backup.failed':
        realtime.seller
          .to(ROOMS.seller)
          .emit('backup:failed', { at: event.at, message: event.message });
        return;
      case 'cash.changed': {
        // The agent's phone gets their cash as GET /api/agents/cash answers it; the counter
        // fetches the team (each agent's cash in hand) again.
        const { cashInHandPaise, lines } = await readLedger(orm.em.fork(), event.agentId);
        realtime.agents.to(ROOMS.agent(event.agentId)).emit('cash:updated', {
          cashInHand: toRupees(cashInHandPaise),
          lines: lines.map(presentCashLine),
        });
        realtime.seller.to(ROOMS.seller).emit('agents:updated');
        // A handover is cash into the till's drawer.
        realtime.seller.to(ROOMS.seller).emit('till:updated');
        return;
      }
      case 'session.ended':
        return disconnect(event.kind, sessionRoom(event.tokenHash));
      case 'sessions.revoked':
        return disconnect(event.kind, accountRoom(event.kind, event.subjectId));
    }
  };
}
