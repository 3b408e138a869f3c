import { orderNumber, type AgentCash, type AgentOrder, type CashLine } from '@kirana/shared';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectionAtoms,
  openLiveFeed,
  POLL_WHILE_DOWN_MS,
  REJOIN_AFTER_SERVER_DISCONNECT_MS,
} from '../../../lib/socket';
import { lastSocket, settled, type FakeSocket } from '../../../test/socket';
import { anAgentOrder, at, ME, SOMEONE_ELSE } from '../test/orders';
import { agentLiveFeed } from './live-feed';
import { agentOrdersAtom, refreshOrdersAtom } from './orders';
import { agentCashAtom } from './cash';
import { agentSessionAtom, dutyAtom } from './session-state';

const mocks = vi.hoisted(() => ({
  getVisibleOrders: vi.fn<() => Promise<AgentOrder[]>>(),
  getCash: vi.fn<() => Promise<AgentCash>>(),
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() },
}));

vi.mock('socket.io-client', async () => (await import('../../../test/socket')).fakeSocketIo);
vi.mock('../api/get-visible-orders', () => ({ getVisibleOrders: mocks.getVisibleOrders }));
vi.mock('../api/get-cash', () => ({ getCash: mocks.getCash }));
vi.mock('../../../lib/toast', () => ({ toast: mocks.toast }));

let store: ReturnType<typeof createStore>;
let socket: FakeSocket;
let close: () => void;

/** The agent has loaded `orders` from the server. */
async function holding(orders: AgentOrder[]) {
  mocks.getVisibleOrders.mockResolvedValue(orders);
  await store.set(refreshOrdersAtom);
}

/**
 * The socket connects, as it does once the screens have loaded, and the refetch that every
 * connect runs has settled.
 */
async function connect() {
  socket.accept();
  await settled();
}

beforeEach(async () => {
  vi.clearAllMocks();
  mocks.getCash.mockResolvedValue({ cashInHand: 0, lines: [] });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  store = createStore();
  store.set(agentSessionAtom, { state: 'in', agent: { _id: ME, name: 'Ravi' } });
  close = openLiveFeed(store, 'agents', agentLiveFeed);
  await vi.dynamicImportSettled();
  socket = lastSocket();
});

afterEach(() => {
  close();
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

    expect(store.get(agentOrdersAtom)).toEqual([fresh, picked]);
  });

  it('drops an open order another agent accepted, but not one assigned to me', async () => {
    const [open, won] = [anAgentOrder(1), anAgentOrder(2)];
    await holding([won, open]);
    await connect();
    const mine = { ...won, assignedTo: ME, updatedAt: at(9) };
    socket.fire('order:updated', mine);

    socket.fire('order:removed', { _id: open._id, reason: 'taken' });
    socket.fire('order:removed', { _id: won._id, reason: 'taken' });

    expect(store.get(agentOrdersAtom)).toEqual([mine]);
  });

  it('drops a cancelled order, telling the agent when it was theirs to deliver', async () => {
    const [open, mine] = [anAgentOrder(1), anAgentOrder(2, { assignedTo: ME })];
    await holding([mine, open]);
    await connect();

    socket.fire('order:removed', { _id: open._id, reason: 'cancelled' });
    expect(store.get(agentOrdersAtom)).toEqual([mine]);
    expect(mocks.toast.error).not.toHaveBeenCalled();

    socket.fire('order:removed', { _id: mine._id, reason: 'cancelled' });
    expect(store.get(agentOrdersAtom)).toEqual([]);
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
    expect(store.get(agentOrdersAtom)).toContainEqual(back);
    expect(mocks.toast.warning).toHaveBeenCalledWith(
      `The shop took order #${orderNumber(mine._id)} back: do not deliver it`,
    );
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
    expect(store.get(agentOrdersAtom)).toEqual([handed]);
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
    expect(store.get(agentOrdersAtom)).toEqual([waiting]);
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
    mocks.getCash.mockResolvedValue({ cashInHand: 250, lines: [collected] });
    await connect();
    expect(mocks.getCash).toHaveBeenCalledOnce();
    expect(store.get(agentCashAtom)).toEqual({ cashInHand: 250, lines: [collected] });

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
    expect(store.get(agentCashAtom)).toEqual(after);
    expect(mocks.toast.success).toHaveBeenCalledExactlyOnceWith(
      'The shop took ₹200.00 from you. Cash in hand: ₹50.00',
    );
    // A late answer from before the handover does not roll the cash back.
    socket.fire('cash:updated', { cashInHand: 250, lines: [collected] });
    expect(store.get(agentCashAtom)).toEqual(after);
  });

  it('takes out an order that an update shows is now another agent’s', async () => {
    const open = anAgentOrder(1);
    await holding([open]);
    await connect();

    socket.fire('order:updated', { ...open, assignedTo: SOMEONE_ELSE, updatedAt: at(9) });

    expect(store.get(agentOrdersAtom)).toEqual([]);
  });

  it('refetches when the stream connects and whenever it comes back, and leaves the polling to its own 30 s loop', async () => {
    await holding([]);
    mocks.getVisibleOrders.mockClear();

    await connect();
    expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();

    socket.drop('transport close');
    expect(store.get(connectionAtoms.agents)).toBe('reconnecting');
    vi.advanceTimersByTime(2 * POLL_WHILE_DOWN_MS);
    expect(mocks.getVisibleOrders).toHaveBeenCalledOnce();

    socket.accept();
    expect(mocks.getVisibleOrders).toHaveBeenCalledTimes(2);
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
