import type { CounterConnection } from '@kirana/shared';
import type * as Electron from 'electron';

/**
 * The Counter's connection in a few words: 'Online', 'Online — sending 3 bills', 'Offline — 3
 * bills wait to be sent', or 'Offline — bills are kept on this counter' before any wait.
 */
export function connectionLabel({ offline, waiting }: CounterConnection): string {
  if (offline) {
    if (waiting === 0) return 'Offline — bills are kept on this counter';
    return `Offline — ${billsWait(waiting)}`;
  }
  return waiting === 0 ? 'Online' : `Online — sending ${bills(waiting)}`;
}

const bills = (count: number) => `${count} ${count === 1 ? 'bill' : 'bills'}`;
const billsWait = (count: number) => `${bills(count)} ${count === 1 ? 'waits' : 'wait'} to be sent`;

/** What the tray knows of the connection. */
export interface TrayConnection {
  /** The Counter's own word (`kirana:counterConnection`), the last it said; null: not yet. */
  counter: CounterConnection | null;
  /** Whether the server answers the app's own `/readyz` checks. */
  serverAnswers: boolean;
}

/**
 * The tray's line on the connection, or null when there is nothing to say. The Counter's word
 * when it says offline, or when the server answers (it knows its waiting bills); else the app's
 * own finding — the Counter says it only while its screen is open, and an idle Counter has not
 * yet noticed — with the bills the Counter last said wait: 'Server unreachable — 2 bills wait to
 * be sent'.
 */
export function connectionStatus({ counter, serverAnswers }: TrayConnection): string | null {
  if (serverAnswers || counter?.offline) return counter === null ? null : connectionLabel(counter);
  const waiting = counter?.waiting ?? 0;
  return waiting === 0 ? 'Server unreachable' : `Server unreachable — ${billsWait(waiting)}`;
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
 * The tray menu; when there is a connection status to say ({@link connectionStatus}), a first
 * item says it, disabled: it tells, it does nothing.
 */
export function trayMenuTemplate(
  status: string | null,
  actions: TrayActions,
): Electron.MenuItemConstructorOptions[] {
  const said: Electron.MenuItemConstructorOptions[] =
    status === null ? [] : [{ label: status, enabled: false }, { type: 'separator' }];
  return [
    ...said,
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
