import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, test, vi } from 'vitest';
import { IPC_METHODS } from '../ipc-contract.js';

const source = readFileSync(new URL('./index.cts', import.meta.url), 'utf8');
// Compiled as tsc compiles it for dist/preload/index.cjs.
const compiled = ts.transpileModule(source, {
  fileName: 'index.cts',
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

/**
 * Runs the preload the way Electron runs a sandboxed one: a plain script with `require`,
 * `module` and `exports`, where `require` knows only `electron`.
 */
function runPreload(pageUrl: string) {
  const exposed = new Map<string, Record<string, (...args: unknown[]) => Promise<unknown>>>();
  const invoke = vi.fn(async (..._args: unknown[]) => 'answer');
  const required: string[] = [];
  const module = { exports: {} };
  runInNewContext(compiled, {
    require(name: string) {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return {
        contextBridge: { exposeInMainWorld: (key: string, api: never) => exposed.set(key, api) },
        ipcRenderer: { invoke },
      };
    },
    module,
    exports: module.exports,
    location: new URL(pageUrl),
  });
  return { exposed, invoke, required };
}

describe('preload', () => {
  test('requires nothing but electron, as a sandboxed preload must', () => {
    expect(runPreload('http://localhost:4000/seller').required).toEqual(['electron']);
  });

  test('the seller screens get window.kirana, each method invoking its kirana: channel', async () => {
    const { exposed, invoke } = runPreload('http://localhost:4000/seller/orders');
    expect([...exposed.keys()]).toEqual(['kirana']);
    const kirana = exposed.get('kirana')!;
    expect(Object.keys(kirana).sort()).toEqual([
      'acknowledgeOrders',
      'backupFailed',
      'counterConnection',
      'newOrders',
      'printCashReport',
      'printPackingSlip',
      'printReceipt',
      'receiptPrinter',
      'unacceptedOrder',
    ]);
    await expect(kirana.newOrders!([{ _id: 'a' }])).resolves.toBe('answer');
    await kirana.unacceptedOrder!({ _id: 'a' });
    await kirana.acknowledgeOrders!(['a']);
    await kirana.printPackingSlip!({ _id: 'a' });
    await kirana.backupFailed!({ at: '2025-06-01T08:00:00.000Z', message: 'disk full' });
    await kirana.printReceipt!({ sale: { _id: 's' }, shop: { name: 'Kirana' }, cash: true });
    await kirana.receiptPrinter!();
    await kirana.counterConnection!({ offline: true, waiting: 3 });
    expect(invoke.mock.calls).toEqual([
      ['kirana:newOrders', [{ _id: 'a' }]],
      ['kirana:unacceptedOrder', { _id: 'a' }],
      ['kirana:acknowledgeOrders', ['a']],
      ['kirana:printPackingSlip', { _id: 'a' }],
      ['kirana:backupFailed', { at: '2025-06-01T08:00:00.000Z', message: 'disk full' }],
      ['kirana:printReceipt', { sale: { _id: 's' }, shop: { name: 'Kirana' }, cash: true }],
      ['kirana:receiptPrinter'],
      ['kirana:counterConnection', { offline: true, waiting: 3 }],
    ]);
  });

  test('the bundled pages get window.kiranaSetup instead', async () => {
    const { exposed, invoke } = runPreload('file:///app/src/pages/first-run.html');
    expect([...exposed.keys()]).toEqual(['kiranaSetup']);
    const setup = exposed.get('kiranaSetup')!;
    await setup.connectToServer!('localhost:4000');
    await setup.currentServer!();
    await setup.retryConnection!();
    await setup.changeServer!();
    await setup.counterPreferences!();
    await setup.saveCounterPreferences!({ receiptPrinter: { kind: 'none' } });
    await setup.systemPrinters!();
    expect(invoke.mock.calls).toEqual([
      ['kirana:connectToServer', 'localhost:4000'],
      ['kirana:currentServer'],
      ['kirana:retryConnection'],
      ['kirana:changeServer'],
      ['kirana:counterPreferences'],
      ['kirana:saveCounterPreferences', { receiptPrinter: { kind: 'none' } }],
      ['kirana:systemPrinters'],
    ]);
    // Between the two bridges, every contract method is offered.
    expect(
      [
        ...Object.keys(setup),
        'acknowledgeOrders',
        'backupFailed',
        'counterConnection',
        'newOrders',
        'printCashReport',
        'printPackingSlip',
        'printReceipt',
        'receiptPrinter',
        'unacceptedOrder',
      ].sort(),
    ).toEqual([...IPC_METHODS].sort());
  });
});
