// The bundled pages' view of the preload's bridge (see ../preload/index.cts).
import type { KiranaSetupBridge } from '../ipc-contract.js';

declare global {
  interface Window {
    readonly kiranaSetup: KiranaSetupBridge;
  }
}
