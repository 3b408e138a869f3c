import { chimeWav } from './artwork.js';
import type { Logger } from './logger.js';

/** The part of a hidden `BrowserWindow` that plays the sound. */
export interface ChimeWindow {
  loadURL(url: string): Promise<void>;
  webContents: { executeJavaScript(code: string): Promise<unknown> };
  isDestroyed(): boolean;
  destroy(): void;
}

export interface ChimePlayer {
  play(): void;
  dispose(): void;
}

/**
 * Plays the new-order chime in a hidden, sandboxed window (the main process has no audio of its
 * own; the counter window shows the server's pages, which the app does not script). If that
 * fails, for instance with no audio output, it falls back to the system beep.
 */
export function chimePlayer(
  createWindow: () => ChimeWindow,
  beep: () => void,
  log: Logger,
): ChimePlayer {
  const sound = `data:audio/wav;base64,${chimeWav().toString('base64')}`;
  const play = `new Audio(${JSON.stringify(sound)}).play()`;
  let window: ChimeWindow | null = null;
  let ready: Promise<void> | null = null;
  let warned = false;

  const fallBack = (error: unknown) => {
    if (!warned)
      log.warn('chime: cannot play the sound; using the system beep', { error: String(error) });
    warned = true;
    beep();
  };

  return {
    play() {
      if (window === null || window.isDestroyed()) {
        window = createWindow();
        ready = window.loadURL('about:blank');
      }
      const target = window;
      (ready ?? Promise.resolve())
        .then(() => target.webContents.executeJavaScript(play))
        .catch(fallBack);
    },
    dispose() {
      if (window !== null && !window.isDestroyed()) window.destroy();
      window = null;
    },
  };
}
