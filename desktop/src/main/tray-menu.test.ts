import { describe, expect, test, vi } from 'vitest';
import { connectionLabel, connectionStatus, trayMenuTemplate } from './tray-menu.js';
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

  test.each([
    [null, true, null],
    [{ offline: false, waiting: 0 }, true, 'Online'],
    [{ offline: true, waiting: 3 }, true, 'Offline — 3 bills wait to be sent'],
    [{ offline: true, waiting: 3 }, false, 'Offline — 3 bills wait to be sent'],
    [null, false, 'Server unreachable'],
    [{ offline: false, waiting: 0 }, false, 'Server unreachable'],
    [{ offline: false, waiting: 2 }, false, 'Server unreachable — 2 bills wait to be sent'],
    [{ offline: false, waiting: 1 }, false, 'Server unreachable — 1 bill waits to be sent'],
  ])(
    'the Counter saying %j and the server answering the app: %s, the tray says %j',
    (counter, serverAnswers, status) => {
      expect(connectionStatus({ counter, serverAnswers })).toBe(status);
    },
  );

  test('the tooltip says the new orders and the connection, or only the app’s name', () => {
    expect(trayToolTip(0, null)).toBe('Kirana Counter');
    expect(trayToolTip(2, null)).toBe('Kirana Counter: 2 new orders');
    expect(trayToolTip(0, 'Online')).toBe('Kirana Counter: Online');
    expect(trayToolTip(1, 'Offline — 3 bills wait to be sent')).toBe(
      'Kirana Counter: 1 new order · Offline — 3 bills wait to be sent',
    );
  });

  test('the menu leads with the connection’s status, disabled, when there is one', () => {
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
    const offline = trayMenuTemplate('Offline — 3 bills wait to be sent', actions);
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
