import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_METHODS, IPC_RULES, ipcChannel } from '../ipc-contract.js';
import type { IpcArgs, IpcAudience, IpcMethod, IpcResult } from '../ipc-contract.js';
import type { Logger } from './logger.js';

/** The part of an `IpcMainInvokeEvent` the checks read. */
export interface IpcEventLike {
  sender: { id: number };
  senderFrame: { origin: string; url: string; parent: unknown } | null;
}

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** One handler per contract method, called only with checked arguments. */
export type IpcHandlers = {
  [M in IpcMethod]: (...args: IpcArgs<M>) => IpcResult<M> | Promise<IpcResult<M>>;
};

/** What the main process knows about who may talk to it; read at every message. */
export interface SenderPolicy {
  /** The configured server's origin (seller screens), or null before the first connection. */
  serverOrigin(): string | null;
  /** The file paths of the app's bundled pages. */
  bundledPages: readonly string[];
  /** The counter window's `webContents.id`, or null while it does not exist. */
  counterWindowId(): number | null;
  /** The Receipt printer window's `webContents.id`, or null while it is closed. */
  receiptPrinterWindowId(): number | null;
}

/** Why a message is refused, or null when its sender may call a method of `audience`. */
export function senderRefusal(
  event: IpcEventLike,
  audience: IpcAudience,
  policy: SenderPolicy,
): string | null {
  // The seller screens show only in the counter window; the bundled pages in it and in the
  // Receipt printer window.
  if (event.sender.id !== policy.counterWindowId()) {
    if (audience === 'seller-screens') return 'not the counter window';
    if (event.sender.id !== policy.receiptPrinterWindowId()) return 'not a window of the app';
  }
  const frame = event.senderFrame;
  if (frame === null) return 'the sending frame is gone';
  if (frame.parent !== null) return 'sent from a subframe';
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return 'the sending frame has no valid URL';
  }
  if (audience === 'seller-screens') {
    const server = policy.serverOrigin();
    if (server === null) return 'no server is configured';
    if (frame.origin !== server || url.origin !== server) return `origin is not ${server}`;
    return null;
  }
  // Compared as paths, so Chromium's and Node's ways of encoding a file URL cannot differ.
  if (url.protocol !== 'file:' || url.host !== '') return 'not a bundled page';
  url.hash = '';
  url.search = '';
  const path = fileURLToPath(url);
  return policy.bundledPages.some((page) => resolve(page) === path) ? null : 'not a bundled page';
}

/**
 * Registers a handler for every channel of the IPC contract. Each message is checked before its
 * handler runs: the sender must be the top frame of the counter window showing the configured
 * server's origin, or of the counter or Receipt printer window showing one of the bundled pages,
 * as the contract says; and the arguments must match the contract's schema. A refused message
 * is logged and its promise rejected in the page, with no detail the page could probe with.
 * Returns a function that removes the handlers.
 */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: IpcHandlers,
  policy: SenderPolicy,
  log: Logger,
): () => void {
  for (const method of IPC_METHODS) {
    const channel = ipcChannel(method);
    const rule = IPC_RULES[method];
    ipcMain.handle(channel, async (event, ...args) => {
      const refusal = senderRefusal(event, rule.from, policy);
      if (refusal !== null) {
        log.warn('ipc: refused a message from an untrusted sender', {
          channel,
          reason: refusal,
          url: event.senderFrame?.url ?? null,
        });
        throw new Error(`${channel} refused`);
      }
      const parsed = rule.args.safeParse(args);
      if (!parsed.success) {
        log.warn('ipc: refused a message with invalid arguments', {
          channel,
          issues: parsed.error.issues.slice(0, 5).map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
        throw new Error(`${channel} refused: invalid arguments`);
      }
      const handler = handlers[method] as (...checked: unknown[]) => unknown;
      try {
        return await handler(...(parsed.data as unknown[]));
      } catch (error) {
        log.error('ipc: a handler failed', { channel, error: String(error) });
        throw new Error(`${channel} failed`, { cause: error });
      }
    });
  }
  return () => {
    for (const method of IPC_METHODS) ipcMain.removeHandler(ipcChannel(method));
  };
}
