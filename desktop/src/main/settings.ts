import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOrigin, type OriginProblem } from '@kirana/shared';
import { z } from 'zod';
import { receiptPrinterSchema, receiptWidthSchema } from '../ipc-contract.js';
import type { CounterPreferences, ReceiptPrinter } from '../ipc-contract.js';
import type { Logger } from './logger.js';

/** The window's last normal (not maximized) bounds, and whether it was maximized. */
export const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const NO_RECEIPT_PRINTER: ReceiptPrinter = { kind: 'none' };

const settingsSchema = z.object({
  /** The server's origin, e.g. `http://192.168.1.20:4000`; null until a connection test passes. */
  server: z.string().nullable().default(null),
  // A damaged value costs only itself (the window its place, the printer its choice), never the
  // server address; a missing one (a file from an older app) is its default.
  window: windowStateSchema.nullable().catch(null),
  receiptPrinter: receiptPrinterSchema.catch(NO_RECEIPT_PRINTER),
  receiptWidth: receiptWidthSchema.catch(80),
  openDrawerOnCash: z.boolean().catch(false),
  /** The app opens on the Counter screen (`/seller/counter`), the till, instead of `/seller`. */
  openCounterAtStart: z.boolean().catch(false),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  server: null,
  window: null,
  receiptPrinter: NO_RECEIPT_PRINTER,
  receiptWidth: 80,
  openDrawerOnCash: false,
  openCounterAtStart: false,
};
export const SETTINGS_FILE = 'settings.json';

/** The settings the Receipt printer page shows and saves. */
export function counterPreferencesOf(settings: Settings): CounterPreferences {
  const { receiptPrinter, receiptWidth, openDrawerOnCash, openCounterAtStart } = settings;
  return { receiptPrinter, receiptWidth, openDrawerOnCash, openCounterAtStart };
}

const ADDRESS_PROBLEMS: Record<OriginProblem, (text: string) => string> = {
  'not-a-url': (text) => `"${text}" is not a web address`,
  'not-http': () => 'The address must start with http:// or https://',
  credentials: () => 'The address must not contain a user name or password',
};

export type AddressCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * The server origin an address as the seller types it means: `192.168.1.20:4000` means
 * `http://192.168.1.20:4000`; a pasted page address such as `http://host:4000/seller` keeps only
 * its origin, because the seller screens, the API and the session cookie all live on it.
 */
export function serverOrigin(address: string): AddressCheck {
  const text = address.trim();
  if (text === '') return { ok: false, message: 'Enter the server address' };
  const reading = readOrigin(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  return reading.ok
    ? { ok: true, origin: reading.origin }
    : { ok: false, message: ADDRESS_PROBLEMS[reading.problem](text) };
}

/**
 * The counter app's settings, a small JSON file in the user-data folder. Reading never throws:
 * a missing, unreadable or damaged file (or a saved server that is no longer a valid address)
 * gives the defaults, which means first run. Writing replaces the file atomically (write a
 * temporary file, then rename), so a crash mid-write leaves the previous settings.
 */
export class SettingsStore {
  readonly file: string;
  #settings: Settings;

  constructor(
    readonly directory: string,
    private readonly log: Logger,
  ) {
    this.file = join(directory, SETTINGS_FILE);
    this.#settings = this.#read();
  }

  get(): Settings {
    return this.#settings;
  }

  /**
   * Saves the settings with `changes` applied. Synchronous on purpose: the window state is saved
   * as the app quits, when an asynchronous write could be cut off; the file is a few hundred bytes.
   */
  update(changes: Partial<Settings>): Settings {
    const next = settingsSchema.parse({ ...this.#settings, ...changes });
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.directory, { recursive: true });
      writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, this.file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    this.#settings = next;
    return next;
  }

  #read(): Settings {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn('settings: cannot read the settings file; starting as on first run', {
          file: this.file,
          error: String(error),
        });
      }
      return DEFAULT_SETTINGS;
    }
    let parsed: Settings;
    try {
      parsed = settingsSchema.parse(JSON.parse(text));
    } catch (error) {
      this.log.warn('settings: the settings file is damaged; starting as on first run', {
        file: this.file,
        error: error instanceof Error ? error.message : String(error),
      });
      return DEFAULT_SETTINGS;
    }
    if (parsed.server !== null) {
      const check = serverOrigin(parsed.server);
      if (!check.ok || check.origin !== parsed.server) {
        this.log.warn('settings: the saved server address is not valid; starting as on first run', {
          server: parsed.server,
        });
        return { ...parsed, server: null };
      }
    }
    return parsed;
  }
}
