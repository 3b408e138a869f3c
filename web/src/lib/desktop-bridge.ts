import type { KiranaDesktopBridge, PrintResult } from '@kirana/shared';

declare global {
  interface Window {
    /** Set by the desktop counter app's preload on the seller screens; absent in a browser. */
    kirana?: KiranaDesktopBridge;
  }
}

/**
 * The desktop counter app's bridge when the seller screens run inside it, else undefined:
 * call it as `desktop?.newOrders(orders)`. The preload defines it before any page script runs.
 * Read through `globalThis` so that importing this file in a Node test does not throw.
 */
export const desktop: KiranaDesktopBridge | undefined = (
  globalThis as { kirana?: KiranaDesktopBridge }
).kirana;

/** Settles once printed; a print the desktop app could not make fails with its reason. */
export async function printedBy(print: Promise<PrintResult>): Promise<void> {
  const result = await print;
  if (!result.printed) throw new Error(result.reason);
}
