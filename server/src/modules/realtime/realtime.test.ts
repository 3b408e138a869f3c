import {
  agentOrdersAnswerSchema,
  mergeById,
  type AgentOrder,
  sellerOrdersAnswerSchema,
  userOrdersAnswerSchema,
  type Order,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import {
  createProduct,
  deliveryPinOf,
  placeCodOrder,
  signInAgent,
  signInSeller,
  signUpShopper,
} from '../../test/factories.js';
import { connect, disconnection, listen } from '../../test/sockets.js';
import { OrderSchema } from '../order/order.entity.js';
import { SessionSchema } from '../session/session.entity.js';

type Browser = ReturnType<TestApp['agent']>;

describe('live updates over Socket.IO', () => {
  const app = useTestApp();

  /** A connected socket of `area` with `browser`'s session, and what it hears. */
  async function live(area: 'shop' | 'seller' | 'agents', browser?: Browser) {
    const socket = await connect(app.socket(area, browser));
    return { socket, ...listen(socket) };
  }

  const sellerCopy = async (http: Browser, id: string) =>
    sellerOrdersAnswerSchema
      .parse((await http.get('/api/order/seller?limit=100').expect(200)).body)
      .orders.find((order) => order._id === id);
  const agentCopy = async (http: Browser, id: string) =>
    agentOrdersAnswerSchema
      .parse((await http.get('/api/agents/orders/visible').expect(200)).body)
      .orders.find((order) => order._id === id);
  const shopperCopy = async (http: Browser, id: string) =>
    userOrdersAnswerSchema
      .parse((await http.get('/api/order/user').expect(200)).body)
      .orders.find((order) => order._id === id);

  /**
   * Every storefront socket hears a stock change; once `socket` has heard this one, it has heard
   * everything sent before it.
   */
  async function storefrontBarrier(seller: Browser, ...sockets: ReturnType<typeof listen>[]) {
    const product = await createProduct(app.orm.em.fork());
    await seller.post('/api/product/stock').send({ id: product.id, inStock: false });
    await Promise.all(
      sockets.map((socket) =>
        socket.waitFor<{ _id: string }>('product:updated', (p) => p._id === product.id),
      ),
    );
  }

  test('a new COD order reaches the seller, every agent and its shopper, each as their HTTP list shows it; nobody else', async () => {
    const seller = await signInSeller(app);
    const [ravi, farhan] = [await signInAgent(app, 'Ravi'), await signInAgent(app, 'Farhan')];
    const owner = await signUpShopper(app, 'Meera');
    const other = await signUpShopper(app, 'Kiran');
    const sellerSocket = await live('seller', seller.http);
    const raviSocket = await live('agents', ravi.http);
    const farhanSocket = await live('agents', farhan.http);
    const ownerSocket = await live('shop', owner.http);
    const otherSocket = await live('shop', other.http);
    const visitorSocket = await live('shop');

    const id = await placeCodOrder(app, owner);

    const byId = (order: Order) => order._id === id;
    expect(await sellerSocket.waitFor('order:created', byId)).toEqual(
      await sellerCopy(seller.http, id),
    );
    expect(await raviSocket.waitFor('order:created', byId)).toEqual(await agentCopy(ravi.http, id));
    expect(await farhanSocket.waitFor('order:created', byId)).toEqual(
      await agentCopy(farhan.http, id),
    );
    expect(await ownerSocket.waitFor('order:created', byId)).toEqual(
      await shopperCopy(owner.http, id),
    );
    await storefrontBarrier(seller.http, otherSocket, visitorSocket);
    expect(otherSocket.about(id)).toEqual([]);
    expect(visitorSocket.about(id)).toEqual([]);
  });

  test('an order placed is sent once, after its commit, with the stock it left; a refused placement sends nothing', async () => {
    const ravi = await signInAgent(app, 'Ravi');
    const owner = await signUpShopper(app);
    const raviSocket = await live('agents', ravi.http);
    const last = await createProduct(app.orm.em.fork(), { name: 'Last Mango', stockCount: 1 });
    // Published after the commit: another connection finds the order the event announces.
    const committed: boolean[] = [];
    const stop = app.events.subscribe(async (event) => {
      if (event.type !== 'order.placed') return;
      const found = await app.orm.em.fork().findOne(OrderSchema, { id: event.orderId });
      committed.push(found !== null);
    });
    try {
      const id = await placeCodOrder(app, owner, last.id);
      const heard = await raviSocket.waitFor('order:created', (order: Order) => order._id === id);
      // The event's order is the HTTP list's, down to the product's count after the take.
      expect(heard).toEqual(await agentCopy(ravi.http, id));
      expect(heard.items[0]?.product).toMatchObject({ stockCount: 0 });
      // Out of stock now: this placement rolls back, and nobody hears of it.
      await expect(placeCodOrder(app, owner, last.id)).rejects.toThrow();
      const next = await placeCodOrder(app, owner);
      await raviSocket.waitFor('order:created', (order: Order) => order._id === next);
      await app.events.settled();
      expect(raviSocket.about(id)).toHaveLength(1);
      const created = raviSocket.heard.filter((each) => each.event === 'order:created');
      expect(created.map((each) => (each.payload as Order)._id)).toEqual([id, next]);
      expect(committed).toEqual([true, true]);
    } finally {
      stop();
    }
  });

  test('an accepted order leaves the other agents; its owner and the seller hear every step', async () => {
    const seller = await signInSeller(app);
    const [ravi, farhan] = [await signInAgent(app, 'Ravi'), await signInAgent(app, 'Farhan')];
    const owner = await signUpShopper(app);
    const sellerSocket = await live('seller', seller.http);
    const raviSocket = await live('agents', ravi.http);
    const farhanSocket = await live('agents', farhan.http);
    const ownerSocket = await live('shop', owner.http);
    const id = await placeCodOrder(app, owner);
    await farhanSocket.waitFor('order:created', (order: Order) => order._id === id);

    await ravi.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    expect(await farhanSocket.waitFor('order:removed', (removal) => removal._id === id)).toEqual({
      _id: id,
      reason: 'taken',
    });
    expect(
      await raviSocket.waitFor(
        'order:updated',
        (order: Order) => order.assignedTo === ravi.agent.id,
      ),
    ).toEqual(await agentCopy(ravi.http, id));
    expect(
      (await sellerSocket.waitFor('order:updated', (order: Order) => order.assignedTo !== null))
        .assignedTo,
    ).toEqual({ _id: ravi.agent.id, name: 'Ravi', phone: ravi.agent.phone });
    await sellerSocket.waitFor('agents:updated');
    expect(raviSocket.about(id, 'order:removed')).toEqual([]);

    const steps: [string, (order: Order) => boolean][] = [
      ['Picked', (order) => order.status === 'Picked'],
      ['paid', (order) => order.isPaid],
      ['Delivered', (order) => order.status === 'Delivered'],
    ];
    for (const [step, reached] of steps) {
      if (step === 'paid') await ravi.http.put(`/api/agents/mark-paid/${id}`).expect(200);
      else {
        const pin = await deliveryPinOf(app, id);
        await ravi.http.put(`/api/agents/status/${id}`).send({ status: step, pin }).expect(200);
      }
      const seen = await ownerSocket.waitFor(
        'order:updated',
        (order: Order) => order._id === id && reached(order),
      );
      expect(seen).toEqual(await shopperCopy(owner.http, id));
      await sellerSocket.waitFor(
        'order:updated',
        (order: Order) => order._id === id && reached(order),
      );
      await raviSocket.waitFor(
        'order:updated',
        (order: Order) => order._id === id && reached(order),
      );
    }

    // A new open order reaches Farhan after everything above: he heard nothing more of this one.
    const next = await placeCodOrder(app, owner);
    await farhanSocket.waitFor('order:created', (order: Order) => order._id === next);
    expect(farhanSocket.about(id).length).toBe(2); // created, removed
  });

  test('a client cut off mid-flow catches up over HTTP on reconnect and misses nothing', async () => {
    const owner = await signUpShopper(app);
    const ravi = await signInAgent(app, 'Ravi');
    const other = await signInAgent(app, 'Other');
    const socket = app.socket('agents', ravi.http);
    // The client as the agent app keeps it: events merge in, every (re)connect refetches.
    let list: AgentOrder[] = [];
    const refetch = async () => {
      list = agentOrdersAnswerSchema.parse(
        (await ravi.http.get('/api/agents/orders/visible').expect(200)).body,
      ).orders;
    };
    socket.on('connect', () => void refetch());
    socket.on('order:created', (order) => (list = mergeById(list, order as AgentOrder)));
    socket.on('order:updated', (order) => (list = mergeById(list, order as AgentOrder)));
    socket.on('order:removed', ({ _id }) => (list = list.filter((order) => order._id !== _id)));
    const heard = listen(await connect(socket));
    const before = await placeCodOrder(app, owner);
    await heard.waitFor('order:created', (order: Order) => order._id === before);

    socket.disconnect(); // the phone loses its connection
    const taken = await placeCodOrder(app, owner);
    await other.http.post('/api/agents/accept').send({ orderId: before }).expect(200);
    await other.http.post('/api/agents/accept').send({ orderId: taken }).expect(200);
    const missed = await placeCodOrder(app, owner);
    expect(heard.about(missed)).toEqual([]);

    const refetched = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await connect(socket);
    await refetched;
    await expect.poll(() => list.map((order) => order._id)).toContain(missed);
    // Another shopper's: the owner has as many open unpaid orders as the shop takes.
    const after = await placeCodOrder(app, await signUpShopper(app));
    await heard.waitFor('order:created', (order: Order) => order._id === after);
    const ids = list.map((order) => order._id);
    expect(ids).toEqual(expect.arrayContaining([missed, after]));
    expect(ids).not.toContain(before);
    expect(ids).not.toContain(taken);
    await refetch();
    expect(new Set(ids)).toEqual(new Set(list.map((order) => order._id)));
  });

  test('a product switched out of stock reaches every storefront socket, signed in or not', async () => {
    const seller = await signInSeller(app);
    const product = await createProduct(app.orm.em.fork(), { name: 'Mango' });
    const visitor = await live('shop');
    const sellerSocket = await live('seller', seller.http);
    await seller.http
      .post('/api/product/stock')
      .send({ id: product.id, inStock: false })
      .expect(200);
    const heard = await visitor.waitFor(
      'product:updated',
      (p: { _id: string }) => p._id === product.id,
    );
    expect(heard).toMatchObject({ _id: product.id, name: 'Mango', inStock: false });
    await sellerSocket.waitFor('product:updated', (p: { _id: string }) => p._id === product.id);
  });

  test('the seller and agent namespaces refuse a socket without a live session', async () => {
    await expect(connect(app.socket('seller'))).rejects.toThrow('Please log in as the seller');
    await expect(connect(app.socket('agents'))).rejects.toThrow('Please login as agent');
    const shopper = await signUpShopper(app);
    // A shopper's cookie is no agent's.
    await expect(connect(app.socket('agents', shopper.http))).rejects.toThrow(
      'Please login as agent',
    );
  });

  test("logging out disconnects that session's sockets only; a removed agent's sockets go too", async () => {
    const seller = await signInSeller(app);
    const leaving = await signInAgent(app, 'Leaving');
    const staying = await signInAgent(app, 'Staying');
    const removed = await signInAgent(app, 'Removed');
    const leavingSocket = await live('agents', leaving.http);
    const stayingSocket = await live('agents', staying.http);
    const removedSocket = await live('agents', removed.http);

    // The same agent in a second browser on their paired phone: a session of its own, which the
    // logout leaves alone.
    const secondPhone = app.agent();
    secondPhone.jar.setCookies(leaving.deviceCookies, new URL(app.url).hostname, '/api/agents');
    await secondPhone.post('/api/agents/login').send({ phone: leaving.agent.phone }).expect(200);
    const secondSocket = await live('agents', secondPhone);

    const loggedOut = disconnection(leavingSocket.socket);
    await leaving.http.get('/api/agents/logout').expect(200);
    expect(await loggedOut).toBe('io server disconnect');
    expect(secondSocket.socket.connected).toBe(true);
    await expect(connect(app.socket('agents', leaving.http))).rejects.toThrow();

    const gone = disconnection(removedSocket.socket);
    await seller.http.delete(`/api/agents/${removed.agent.id}`).expect(200);
    expect(await gone).toBe('io server disconnect');
    expect(stayingSocket.socket.connected).toBe(true);

    const shopper = await signUpShopper(app);
    const shopperSocket = await live('shop', shopper.http);
    const shopperGone = disconnection(shopperSocket.socket);
    await shopper.http.get('/api/user/logout').expect(200);
    expect(await shopperGone).toBe('io server disconnect');
  });

  test('a socket is disconnected when its session expires', async () => {
    const agent = await signInAgent(app, 'Expiring');
    const em = app.orm.em.fork();
    const session = await em.findOneOrFail(SessionSchema, {
      kind: 'agent',
      subjectId: agent.agent.id,
    });
    session.expiresAt = new Date(Date.now() + 1500);
    await em.flush();
    const socket = await live('agents', agent.http);
    expect(await disconnection(socket.socket)).toBe('io server disconnect');
  });

  test('a socket from another site is refused; the same origin is welcome', async () => {
    const evil = app.socket('shop');
    evil.io.opts.extraHeaders = { origin: 'https://evil.example' };
    await expect(connect(evil)).rejects.toThrow();
    const own = app.socket('shop');
    own.io.opts.extraHeaders = { origin: app.url };
    await expect(connect(own)).resolves.toBe(own);
  });
});
