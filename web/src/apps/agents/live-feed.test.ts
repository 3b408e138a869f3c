import { orderNumber, type AgentCash, type AgentOrder, type CashLine } from '@kirana/shared';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '../../lib/api-client';
import {
  connectionAtoms,
  openLiveFeed,
  POLL_MS,
  REJOIN_AFTER_SERVER_DISCONNECT_MS,
} from '../../lib/socket';
import { store } from '../../lib/store';
import { lastSocket, settled, type FakeSocket } from '../../test/socket';
import {
  agentCashKey,
  agentOrdersKey,
  agentQueries,
  createAgentQueryClient,
  refreshAgentData,
  refreshOrders,
} from './queries';
import { anAgentOrder, at, ME, SOMEONE_ELSE } from './test/orders';
import { agentLiveFeed } from './live-feed';
import { agentSessionAtom, dutyAtom, offlineAtom } from './session/session-state';

const mocks = vi.hoisted(() => ({
  getVisibleOrders: vi.fn<() => Promise<AgentOrder[]>>(),
  getCash: vi.fn<() => Promise<AgentCash>>(),
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() },
}));

vi.mock('socket.io-client', async () => (await import('../../test/socket')).fakeSocketIo);
vi.mock('./api/get-visible-orders', () => ({ getVisibleOrders: mocks.getVisibleOrders }));
vi.mock('./api/get-cash', () => ({ getCash: mocks.getCash }));
vi.mock('../../lib/toast', () => ({ toast: mocks.toast }));

let client: QueryClient;
let socket: FakeSocket;
let close: () => void;
let stopObserving: () => void;

/** The orders as the agent's cache holds them. */
const held = () => client.getQueryData<readonly AgentOrder[]>(agentOrdersKey(ME));
const heldCash = () => client.getQueryData<AgentCash>(agentCashKey(ME));

/** The agent has loaded `orders` from the server. */
async function holding(orders: AgentOrder[]) {
  mocks.getVisibleOrders.mockResolvedValue(orders);
  await refreshOrders(client, ME);
}

/**
 * The socket connects, as it does once the screens have loaded, and the refetch that every
 * connect runs has settled.
 */
async function connect() {
  socket.accept();
  await settled();
}

const unreachable = () => new ApiError(UNREACHABLE_MESSAGE, 0);

beforeEach(async () => {
  vi.clearAllMocks();
  mocks.getCash.mockResolvedValue({ cashInHand: 0, lines: [] });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  store.set(agentSessionAtom, { state: 'in', agent: { _id: ME, name: 'Ravi' } });
  store.set(dutyAtom, null);
  store.set(offlineAtom, false);
  // As the logged-in screens hold them (see useOrdersFeed): the orders and the cash observed.
  client = createAgentQueryClient();
  const observers = [
    new QueryObserver(client, { ...agentQueries.orders(ME), enabled: false }),
    new QueryObserver(client, agentQueries.cash(ME)),
  ].map((observer) => observer.subscribe(() => {}));
  stopObserving = () => observers.forEach((stop) => stop());
  await openFeed();
});

/**
 * Opens the agents' feed, as the logged-in screens do, once its first poll (run at once, with
 * nothing held yet) has answered; the calls' counts start after it.
 */
async function openFeed() {
  mocks.getVisibleOrders.mockResolvedValue([]);
  close = openLiveFeed(store, client, 'agents', agentLiveFeed(store));
  await vi.dynamicImportSettled();
  socket = lastSocket();
  await vi.waitFor(() => expect(mocks.getCash).toHaveBeenCalled());
  await settled();
  vi.clearAllMocks();
  mocks.getVisibleOrders.mockReset();
}

afterEach(() => {
  close();
  stopObserving();
  client.clear();
  vi.useRealTimers();
});

describe("the agent's live orders", () => {
  it('adds a new open order and follows my orders, never rolling one back', async () => {
    const mine = anAgentOrder(1, { assignedTo: ME });
    await holding([mine]);
    await connect();

    const fresh = anAgentOrder(2);
    socket.fire('order:created', fresh);
    const picked = { ...mine, status: 'Picked' as const, updatedAt: at(20) };
    socket.fire('order:updated', picked);
    socket.fire('order:updated', mine);

    expect(held()).toEqual([fresh, picked]);
  });

  it('keeps a live change when a refresh that raced it answers with the older copy', async () => {
    const mine = anAgentOrder(1, { assignedTo: ME });
    await holding([mine]);
    await connect();

    const picked = { ...mine, status: 'Picked' as const, updatedAt: at(20) };
    socket.fire('order:updated', picked);
    // Asked before the change, answered after it.
    await holding([mine]);

    expect(held()).toEqual([picked]);
  });

  it('leaves the time of the last answer alone when a live event changes the orders', async () => {
    await holding([anAgentOrder(1)]);
    await connect();
    const answeredAt = client.getQueryState(agentOrdersKey(ME))?.dataUpdatedAt;

    socket.fire('order:created', anAgentOrder(2));

    expect(held()).toHaveLength(2);
    expect(client.getQueryState(agentOrdersKey(ME))?.dataUpdatedAt).toBe(answeredAt);
  });

  it('drops an open order another agent accepted, but not one assigned to me', async () => {
    const [open, won] = [anAgentOrder(1), anAgentOrder(2)];
    await holding([won, open]);
    await connect();
    const mine = { ...won, assignedTo: ME, updatedAt: at(9) };
    socket.fire('order:updated', mine);

    socket.fire('order:removed', { _id: open._id, reason: 'taken' });
    socket.fire('order:removed', { _id: won._id, reason: 'taken' });

    expect(held()).toEqual([mine]);
  });

  it('drops a cancelled order, telling the agent when it was theirs to deliver', async () => {
    const [open, mine] = [anAgentOrder(1), anAgentOrder(2, { assignedTo: ME })];
    await holding([mine, open]);
    await connect();

    socket.fire('order:removed', { _id: open._id, reason: 'cancelled' });
    expect(held()).toEqual([mine]);
    expect(mocks.toast.error).not.toHaveBeenCalled();

    socket.fire('order:removed', { _id: mine._id, reason: 'cancelled' });
    expect(held()).toEqual([]);
    expect(mocks.toast.error).toHaveBeenCalledWith(
      `Order #${orderNumber(mine._id)} was cancelled: do not deliver it`,
    );
  });

  it('tells the agent when the shop takes one of their deliveries back, and only then', async () => {
    const [mine, open] = [anAgentOrder(1, { assignedTo: ME }), anAgentOrder(2)];
    await holding([mine, open]);
    await connect();

    socket.fire('order:updated', { ...open, updatedAt: at(8) });
    expect(mocks.toast.warning).not.toHaveBeenCalled();

    const back = { ...mine, assignedTo: null, updatedAt: at(9) };
    socket.fire('order:updated', back);
    expect(held()).toContainEqual(back);
    expect(mocks.toast.warning).toHaveBeenCalledWith(
      `The shop took order #${orderNumber(mine._id)} back: do not deliver it`,
    );
  });

  it('says nothing of a late copy from before the agent had the order, which changes nothing', async () => {
    const open = anAgentOrder(1);
    const mine = { ...open, assignedTo: ME, updatedAt: at(9) };
    await holding([mine]);
    await connect();

    socket.fire('order:updated', open);

    expect(held()).toEqual([mine]);
    expect(mocks.toast.warning).not.toHaveBeenCalled();
  });

  it('announces an order the shop hands to the agent, and one still waiting for an agent', async () => {
    const open = anAgentOrder(1);
    await holding([open]);
    await connect();

    socket.fire('order:unaccepted', { ...open, updatedAt: at(8) });
    expect(mocks.toast.warning).toHaveBeenCalledWith(
      `Order #${orderNumber(open._id)} is still waiting for an agent`,
    );

    const handed = { ...open, assignedTo: ME, updatedAt: at(9) };
    socket.fire('order:assigned', handed);
    expect(held()).toEqual([handed]);
    expect(mocks.toast.success).toHaveBeenCalledWith(
      `The shop gave you order #${orderNumber(open._id)}`,
    );
  });

  it('stays quiet about a waiting order while the agent is off duty', async () => {
    const open = anAgentOrder(1);
    await holding([open]);
    await connect();
    store.set(dutyAtom, false);

    const waiting = { ...open, updatedAt: at(8) };
    socket.fire('order:unaccepted', waiting);
    expect(held()).toEqual([waiting]);
    expect(mocks.toast.warning).not.toHaveBeenCalled();
  });

  it('follows the cash in hand, fetched at each connect and live, announcing a handover once', async () => {
    const collected: CashLine = {
      _id: '0190a5b2-7c3e-7a10-8000-00000000000a',
      kind: 'collection',
      amount: 250,
      balance: 250,
      orderId: '0190a5b2-7c3e-7a10-8000-000000000001',
      note: null,
      by: 'agent',
      createdAt: at(1),
    };
    mocks.getVisibleOrders.mockResolvedValue([]);
    mocks.getCash.mockResolvedValue({ cashInHand: 250, lines: [collected] });
    await connect();
    expect(mocks.getCash).toHaveBeenCalledOnce();
    expect(heldCash()).toEqual({ cashInHand: 250, lines: [collected] });

    const handover: CashLine = {
      ...collected,
      _id: '0190a5b2-7c3e-7a10-8000-00000000000b',
      kind: 'handover',
      amount: -200,
      balance: 50,
      orderId: null,
      by: 'seller',
      createdAt: at(2),
    };
    const after = { cashInHand: 50, lines: [handover, collected] };
    socket.fire('cash:updated', after);
    socket.fire('cash:updated', after);
    expect(heldCash()).toEqual(after);
    expect(mocks.toast.success).toHaveBeenCalledExactlyOnceWith(
      'The shop took ₹200.00 from you. Cash in hand: ₹50.00',
    );
    // A late event, or a late answer, from before the handover does not roll the cash back.
    socket.fire('cash:updated', { cashInHand: 250, lines: [collected] });
    expect(heldCash()).toEqual(after);
    await refreshAgentData(client, ME);
    expect(heldCash()).toEqual(after);
  });

  it('takes out an order that an update shows is now another agent’s', async () => {
    const open = anAgentOrder(1);
    await holding([open]);
    await connect();

    socket.fire('order:updated', { ...open, assignedTo: SOMEONE_ELSE, updatedAt: at(9) });

    expect(held()).toEqual([]);
  });

  it('refetches when the stream connects and whenever it comes back', async () => {
    await holding([]);
    mocks.getVisibleOrders.mockClear();

    await connect();
    expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();

    socket.drop('transport close');
    expect(store.get(connectionAtoms.agents)).toBe('reconnecting');
    socket.accept();
    expect(mocks.getVisibleOrders).toHaveBeenCalledTimes(2);
  });

  it('polls every 30 s whether the stream is up or not, sooner with backoff while out of reach', async () => {
    close();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    mocks.getVisibleOrders.mockResolvedValue([]);
    close = openLiveFeed(store, client, 'agents', agentLiveFeed(store));
    await vi.dynamicImportSettled();
    lastSocket().accept();
    await vi.advanceTimersByTimeAsync(0);
    mocks.getVisibleOrders.mockClear();

    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();

    mocks.getVisibleOrders.mockRejectedValue(unreachable());
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(mocks.getVisibleOrders).toHaveBeenCalledTimes(2);
    // The first retry comes 2 s later (±20 %), not 30 s.
    await vi.advanceTimersByTimeAsync(2_500);
    expect(mocks.getVisibleOrders).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while the phone’s screen is off, and at once when it is shown again', async () => {
    close();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    let visibility: DocumentVisibilityState = 'hidden';
    const shown = new EventTarget();
    vi.stubGlobal('document', {
      get visibilityState() {
        return visibility;
      },
      addEventListener: shown.addEventListener.bind(shown),
      removeEventListener: shown.removeEventListener.bind(shown),
    });
    try {
      mocks.getVisibleOrders.mockResolvedValue([]);
      close = openLiveFeed(store, client, 'agents', agentLiveFeed(store));
      await vi.advanceTimersByTimeAsync(3 * POLL_MS);
      expect(mocks.getVisibleOrders).not.toHaveBeenCalled();

      visibility = 'visible';
      shown.dispatchEvent(new Event('visibilitychange'));
      expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('after a logout elsewhere or a removal, refetches a second later (the 401 shows the login) and connects again', async () => {
    await holding([]);
    await connect();
    mocks.getVisibleOrders.mockClear();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

    socket.drop('io server disconnect');
    vi.advanceTimersByTime(REJOIN_AFTER_SERVER_DISCONNECT_MS);

    expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();
    expect(socket.connectCalls).toBe(1);
  });
});

describe("refreshing the agent's orders", () => {
  it('shares a refresh already running', async () => {
    let answer: (orders: AgentOrder[]) => void = () => undefined;
    mocks.getVisibleOrders.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const first = refreshOrders(client, ME);
    const second = refreshOrders(client, ME);
    answer([anAgentOrder(1)]);

    expect(await Promise.all([first, second])).toEqual(['reached', 'reached']);
    expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();
  });

  it('keeps the orders out of reach, raises the offline banner and toasts once per failing streak', async () => {
    const order = anAgentOrder(1);
    await holding([order]);
    mocks.getVisibleOrders.mockRejectedValue(unreachable());

    expect(await refreshOrders(client, ME)).toBe('unreachable');
    expect(await refreshOrders(client, ME)).toBe('unreachable');
    expect(held()).toEqual([order]);
    expect(store.get(offlineAtom)).toBe(true);
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith('Error fetching orders');

    mocks.getVisibleOrders.mockResolvedValue([order]);
    expect(await refreshOrders(client, ME)).toBe('reached');
    expect(store.get(offlineAtom)).toBe(false);
    mocks.getVisibleOrders.mockRejectedValue(new ApiError('Server down', 500));
    expect(await refreshOrders(client, ME)).toBe('reached');
    expect(mocks.toast.error).toHaveBeenLastCalledWith('Server down');
  });

  it('fetches the cash only once the orders reached the server', async () => {
    mocks.getVisibleOrders.mockRejectedValue(unreachable());
    expect(await refreshAgentData(client, ME)).toBe('unreachable');
    expect(mocks.getCash).not.toHaveBeenCalled();

    mocks.getVisibleOrders.mockResolvedValue([]);
    expect(await refreshAgentData(client, ME)).toBe('reached');
    expect(mocks.getCash).toHaveBeenCalledOnce();
  });

  it('shows the login once the session has ended', async () => {
    mocks.getVisibleOrders.mockRejectedValue(
      new ApiError('Please login as agent', 401, { code: 'UNAUTHORIZED' }),
    );
    await refreshOrders(client, ME);
    expect(store.get(agentSessionAtom)).toEqual({ state: 'out' });
  });
});
