import { describe, expect, test, vi } from 'vitest';
import { connectionLabel, trayMenuTemplate } from './tray-menu.js';
import { trayToolTip } from './unread-badge.js';

describe('the Counter’s connection in the tray', () => {
  test.each([
    [{ offline: true, waiting: 3 }, 'Offline — 3 bills wait to be sent'],
    [{ offline: true, waiting: 1 }, 'Offline — 1 bill waits to be sent'],
    [{ offline: true, waiting: 0 }, 'Offline — bills are kept on this counter'],
    [{ offline: false, waiting: 0 }, 'Online'],
    [{ offline: false, waiting: 3 }, 'Online — sending 3 bills'],
    [{ offline: false, waiting: 1 }, 'Online — sending 1 bill'],
  ])('%j reads “%s”', (connection, label) => {
    expect(connectionLabel(connection)).toBe(label);
  });

  test('the tooltip says the new orders and the connection, or only the app’s name', () => {
    expect(trayToolTip(0, null)).toBe('Kirana Counter');
    expect(trayToolTip(2, null)).toBe('Kirana Counter: 2 new orders');
    expect(trayToolTip(0, { offline: false, waiting: 0 })).toBe('Kirana Counter: Online');
    expect(trayToolTip(1, { offline: true, waiting: 3 })).toBe(
      'Kirana Counter: 1 new order · Offline — 3 bills wait to be sent',
    );
  });

  test('the menu leads with the connection, disabled, once the Counter has said it', () => {
    const actions = {
      showWindow: vi.fn(),
      openCounter: vi.fn(),
      openOrders: vi.fn(),
      openDashboard: vi.fn(),
      openReceiptPrinter: vi.fn(),
    };
    const labels = (template: ReturnType<typeof trayMenuTemplate>) =>
      template.map((item) => item.label ?? item.type ?? item.role);
    const before = trayMenuTemplate(null, actions);
    expect(labels(before)).toEqual([
      'Open Kirana Counter',
      'Counter',
      'Orders',
      'Dashboard',
      'separator',
      'Receipt printer…',
      'separator',
      'Quit',
    ]);
    const offline = trayMenuTemplate({ offline: true, waiting: 3 }, actions);
    expect(offline.slice(0, 2)).toEqual([
      { label: 'Offline — 3 bills wait to be sent', enabled: false },
      { type: 'separator' },
    ]);
    expect(labels(offline.slice(2))).toEqual(labels(before));
    offline.find((item) => item.label === 'Receipt printer…')!.click!(
      {} as never,
      undefined,
      {} as never,
    );
    expect(actions.openReceiptPrinter).toHaveBeenCalled();
  });
});
