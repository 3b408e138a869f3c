import type { CounterConnection } from '@kirana/shared';
import type * as Electron from 'electron';

/**
 * The Counter's connection in a few words: 'Online', 'Online — sending 3 bills', 'Offline — 3
 * bills wait to be sent', or 'Offline — bills are kept on this counter' before any wait.
 */
export function connectionLabel({ offline, waiting }: CounterConnection): string {
  const bills = `${waiting} ${waiting === 1 ? 'bill' : 'bills'}`;
  if (offline) {
    if (waiting === 0) return 'Offline — bills are kept on this counter';
    return `Offline — ${bills} ${waiting === 1 ? 'waits' : 'wait'} to be sent`;
  }
  return waiting === 0 ? 'Online' : `Online — sending ${bills}`;
}

/** What the tray menu's items do. */
export interface TrayActions {
  showWindow(): void;
  openCounter(): void;
  openOrders(): void;
  openDashboard(): void;
  openReceiptPrinter(): void;
}

/**
 * The tray menu; once the Counter has said its connection, a first item says it, disabled: it
 * tells, it does nothing.
 */
export function trayMenuTemplate(
  connection: CounterConnection | null,
  actions: TrayActions,
): Electron.MenuItemConstructorOptions[] {
  const status: Electron.MenuItemConstructorOptions[] =
    connection === null
      ? []
      : [{ label: connectionLabel(connection), enabled: false }, { type: 'separator' }];
  return [
    ...status,
    { label: 'Open Kirana Counter', click: actions.showWindow },
    { label: 'Counter', click: actions.openCounter },
    { label: 'Orders', click: actions.openOrders },
    { label: 'Dashboard', click: actions.openDashboard },
    { type: 'separator' },
    { label: 'Receipt printer…', click: actions.openReceiptPrinter },
    { type: 'separator' },
    { label: 'Quit', role: 'quit' },
  ];
}
