import { afterEach, describe, expect, test, vi } from 'vitest';
import { sellerOrder } from '../test/fixtures.js';
import {
  CHIME_EVERY_MS,
  MAX_WAITING_NOTICES,
  newOrderNotice,
  OrderAlerts,
} from './order-alerts.js';
import type { OrderNotice } from './order-alerts.js';
import { showUnreadCount, unreadLabel } from './unread-badge.js';

function setup(platform: NodeJS.Platform = 'linux') {
  const notifications: {
    notice: OrderNotice;
    click: () => void;
    close: ReturnType<typeof vi.fn>;
  }[] = [];
  const app = { setBadgeCount: vi.fn(() => true) };
  const tray = { setToolTip: vi.fn(), setTitle: vi.fn(), setImage: vi.fn() };
  const window = { setOverlayIcon: vi.fn() };
  const chime = vi.fn();
  const openOrders = vi.fn();
  const alerts = new OrderAlerts({
    showNotification(notice, onClick) {
      const close = vi.fn();
      notifications.push({ notice, click: onClick, close });
      return { close };
    },
    chime,
    onUnreadChange: (count) =>
      showUnreadCount(count, {
        platform,
        app,
        tray,
        window,
        icons: { normal: 'normal-icon', alert: 'alert-icon' },
      }),
    openOrders,
  });
  return { alerts, notifications, app, tray, window, chime, openOrders };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('new-order alerts', () => {
  test('two new orders: two notifications and a badge of 2; a repeat is ignored; acknowledging one leaves 1', () => {
    const { alerts, notifications, app, tray } = setup();
    const first = sellerOrder({ amount: 245, _id: 'order-1' });
    const second = sellerOrder({ amount: 99.5, _id: 'order-2' });

    expect(alerts.add([first, second])).toBe(2);
    expect(notifications.map((n) => n.notice)).toEqual([
      { title: 'New order', body: '₹245.00 · 2 items' },
      { title: 'New order', body: '₹99.50 · 2 items' },
    ]);
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(2);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Kirana Counter: 2 new orders');
    expect(tray.setTitle).toHaveBeenLastCalledWith('2');
    expect(tray.setImage).toHaveBeenLastCalledWith('alert-icon');

    expect(alerts.add([first])).toBe(0);
    expect(notifications).toHaveLength(2);
    expect(app.setBadgeCount).toHaveBeenCalledTimes(1);

    alerts.acknowledge(['order-1']);
    expect(alerts.unread).toBe(1);
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(1);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Kirana Counter: 1 new order');
    expect(notifications[0]!.close).toHaveBeenCalledTimes(1);
    expect(notifications[1]!.close).not.toHaveBeenCalled();

    alerts.acknowledge(['order-2']);
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Kirana Counter');
    expect(tray.setTitle).toHaveBeenLastCalledWith('');
    expect(tray.setImage).toHaveBeenLastCalledWith('normal-icon');
  });

  test('an acknowledged order announced again stays quiet', () => {
    const { alerts, notifications } = setup();
    const order = sellerOrder();
    alerts.add([order]);
    alerts.acknowledge([order._id]);
    expect(alerts.add([order])).toBe(0);
    // Acknowledged before it was ever announced: also quiet.
    const seen = sellerOrder();
    alerts.acknowledge([seen._id]);
    expect(alerts.add([seen])).toBe(0);
    expect(notifications).toHaveLength(1);
  });

  test('acknowledging unknown or already acknowledged ids changes nothing', () => {
    const { alerts, app } = setup();
    alerts.add([sellerOrder({ _id: 'a' })]);
    app.setBadgeCount.mockClear();
    alerts.acknowledge(['nope']);
    alerts.acknowledge([]);
    expect(app.setBadgeCount).not.toHaveBeenCalled();
    expect(alerts.unread).toBe(1);
  });

  test('the sound plays at once and every 20 seconds until every order is acknowledged', () => {
    vi.useFakeTimers();
    const { alerts, chime } = setup();
    alerts.add([sellerOrder({ _id: 'a' }), sellerOrder({ _id: 'b' })]);
    expect(chime).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CHIME_EVERY_MS);
    expect(chime).toHaveBeenCalledTimes(2);
    // Another order while the sound repeats: one more chime now, still one repeating timer.
    alerts.add([sellerOrder({ _id: 'c' })]);
    expect(chime).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(CHIME_EVERY_MS);
    expect(chime).toHaveBeenCalledTimes(4);

    alerts.acknowledge(['a', 'b']);
    vi.advanceTimersByTime(CHIME_EVERY_MS);
    expect(chime).toHaveBeenCalledTimes(5);
    alerts.acknowledge(['c']);
    vi.advanceTimersByTime(CHIME_EVERY_MS * 5);
    expect(chime).toHaveBeenCalledTimes(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a repeated order makes no sound', () => {
    const { alerts, chime } = setup();
    const order = sellerOrder();
    alerts.add([order]);
    alerts.add([order]);
    alerts.dispose();
    expect(chime).toHaveBeenCalledTimes(1);
  });

  test('clicking a notification opens the orders screen', () => {
    const { alerts, notifications, openOrders } = setup();
    alerts.add([sellerOrder()]);
    notifications[0]!.click();
    expect(openOrders).toHaveBeenCalledTimes(1);
  });

  test('the notice gives the amount in rupees and the item count', () => {
    const order = sellerOrder({ amount: 1234.5 });
    expect(newOrderNotice({ amount: 1234.5, items: order.items.slice(0, 1) })).toEqual({
      title: 'New order',
      body: '₹1234.50 · 1 item',
    });
  });
});

describe('no-agent alerts', () => {
  const id = '01890a5d-ac96-774b-bcce-b302099a8057';

  test('each alert notifies and chimes once, replacing the order’s previous notice, without counting it unread', () => {
    const { alerts, notifications, chime, app, openOrders } = setup();
    const order = sellerOrder({ _id: id, amount: 245 });
    alerts.unaccepted(order);
    expect(notifications.map((n) => n.notice)).toEqual([
      {
        title: 'No agent for order #099A8057',
        body: '₹245.00 · nobody has accepted it yet: assign it to an agent',
      },
    ]);
    expect(chime).toHaveBeenCalledTimes(1);
    expect(app.setBadgeCount).not.toHaveBeenCalled();

    alerts.unaccepted(order);
    expect(notifications[0]?.close).toHaveBeenCalled();
    expect(chime).toHaveBeenCalledTimes(2);
    notifications[1]?.click();
    expect(openOrders).toHaveBeenCalled();

    alerts.acknowledge([id]);
    expect(notifications[1]?.close).toHaveBeenCalled();
  });

  test(`at most ${MAX_WAITING_NOTICES} notices are kept: the oldest are closed first`, () => {
    const { alerts, notifications } = setup();
    for (let index = 0; index <= MAX_WAITING_NOTICES; index += 1)
      alerts.unaccepted(sellerOrder({ _id: `order-${index}` }));
    expect(notifications[0]?.close).toHaveBeenCalled();
    expect(notifications[1]?.close).not.toHaveBeenCalled();
  });
});

describe('unread count display', () => {
  test('labels', () => {
    expect([0, 1, 2].map(unreadLabel)).toEqual(['', '1 new order', '2 new orders']);
  });

  test('Windows gets the taskbar overlay and no tray title; macOS the title and no overlay', () => {
    const windows = setup('win32');
    windows.alerts.add([sellerOrder({ _id: 'w' })]);
    expect(windows.window.setOverlayIcon).toHaveBeenLastCalledWith('alert-icon', '1 new order');
    expect(windows.tray.setTitle).not.toHaveBeenCalled();
    windows.alerts.acknowledge(['w']);
    expect(windows.window.setOverlayIcon).toHaveBeenLastCalledWith(null, '');

    const mac = setup('darwin');
    mac.alerts.add([sellerOrder()]);
    expect(mac.tray.setTitle).toHaveBeenLastCalledWith('1');
    expect(mac.window.setOverlayIcon).not.toHaveBeenCalled();
    expect(mac.app.setBadgeCount).toHaveBeenLastCalledWith(1);
  });
});
