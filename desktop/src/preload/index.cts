/**
 * The preload of the counter window. Electron runs a sandboxed preload as one CommonJS script
 * that may require only `electron` and a few built-ins, so this file imports nothing but types
 * and builds each bridge method by hand from the IPC contract. The main process checks every
 * call again: the sender's origin and the arguments.
 */
import type * as Electron from 'electron';
import type {
  IpcArgs,
  IpcChannel,
  IpcMethod,
  IpcResult,
  KiranaDesktopBridge,
  KiranaSetupBridge,
} from '../ipc-contract.js';

// The page's location; the preload's lib has no DOM types.
declare const location: { readonly protocol: string };

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload has only require
const { contextBridge, ipcRenderer } = require('electron') as typeof Electron;

function call<M extends IpcMethod>(method: M, ...args: IpcArgs<M>): Promise<IpcResult<M>> {
  const channel: IpcChannel<M> = `kirana:${method}`;
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcResult<M>>;
}

const sellerBridge: Required<KiranaDesktopBridge> = {
  newOrders: (orders) => call('newOrders', orders),
  unacceptedOrder: (order) => call('unacceptedOrder', order),
  acknowledgeOrders: (orderIds) => call('acknowledgeOrders', orderIds),
  backupFailed: (failure) => call('backupFailed', failure),
  printPackingSlip: (order) => call('printPackingSlip', order),
  printCashReport: (report) => call('printCashReport', report),
  printReceipt: (request) => call('printReceipt', request),
  receiptPrinter: () => call('receiptPrinter'),
  counterConnection: (connection) => call('counterConnection', connection),
};

const setupBridge: KiranaSetupBridge = {
  connectToServer: (address) => call('connectToServer', address),
  currentServer: () => call('currentServer'),
  retryConnection: () => call('retryConnection'),
  changeServer: () => call('changeServer'),
  counterPreferences: () => call('counterPreferences'),
  saveCounterPreferences: (preferences) => call('saveCounterPreferences', preferences),
  systemPrinters: () => call('systemPrinters'),
};

// The app's own pages are file: URLs and get the setup bridge; any other page is of the server's
// origin (navigation elsewhere is blocked) and gets `window.kirana`.
if (location.protocol === 'file:') {
  contextBridge.exposeInMainWorld('kiranaSetup', setupBridge);
} else {
  contextBridge.exposeInMainWorld('kirana', sellerBridge);
}
