import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { recordingLogger } from '../test/fixtures.js';
import { DEFAULT_SETTINGS, serverOrigin, SETTINGS_FILE, SettingsStore } from './settings.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'kirana-settings-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const windowState = { x: 10, y: 20, width: 1200, height: 800, maximized: true };

describe('settings file', () => {
  test('without a file the app starts as on first run, quietly', () => {
    const log = recordingLogger();
    expect(new SettingsStore(directory, log).get()).toEqual(DEFAULT_SETTINGS);
    expect(log.entries).toEqual([]);
  });

  test('what is saved is read back on the next start, and no temporary file is left', () => {
    const log = recordingLogger();
    const store = new SettingsStore(join(directory, 'nested'), log);
    store.update({ server: 'http://192.168.1.20:4000' });
    store.update({ window: windowState });
    expect(new SettingsStore(join(directory, 'nested'), log).get()).toEqual({
      ...DEFAULT_SETTINGS,
      server: 'http://192.168.1.20:4000',
      window: windowState,
    });
    expect(readdirSync(join(directory, 'nested'))).toEqual([SETTINGS_FILE]);
    expect(log.entries).toEqual([]);
  });

  test('a corrupt file falls back to first run and says so', () => {
    writeFileSync(join(directory, SETTINGS_FILE), '{"server": "http://192.168.1.20:4000", "win');
    const log = recordingLogger();
    const store = new SettingsStore(directory, log);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'settings: the settings file is damaged; starting as on first run',
      }),
    ]);
    // The next save replaces the damaged file with a good one.
    store.update({ server: 'http://localhost:4000' });
    expect(JSON.parse(readFileSync(join(directory, SETTINGS_FILE), 'utf8'))).toEqual({
      ...DEFAULT_SETTINGS,
      server: 'http://localhost:4000',
    });
  });

  test('a file of the wrong shape, or a saved server that is not an origin, means first run', () => {
    const log = recordingLogger();
    writeFileSync(join(directory, SETTINGS_FILE), '[1, 2, 3]');
    expect(new SettingsStore(directory, log).get()).toEqual(DEFAULT_SETTINGS);
    writeFileSync(join(directory, SETTINGS_FILE), JSON.stringify({ server: 42 }));
    expect(new SettingsStore(directory, log).get()).toEqual(DEFAULT_SETTINGS);
    writeFileSync(
      join(directory, SETTINGS_FILE),
      JSON.stringify({ server: 'javascript:alert(1)', window: windowState }),
    );
    expect(new SettingsStore(directory, log).get()).toEqual({
      ...DEFAULT_SETTINGS,
      window: windowState,
    });
    expect(log.entries.map((entry) => entry.level)).toEqual(['warn', 'warn', 'warn']);
  });

  test('a damaged window state keeps the server address', () => {
    writeFileSync(
      join(directory, SETTINGS_FILE),
      JSON.stringify({ server: 'https://shop.example', window: { width: 'wide' } }),
    );
    expect(new SettingsStore(directory, recordingLogger()).get()).toEqual({
      ...DEFAULT_SETTINGS,
      server: 'https://shop.example',
    });
  });

  test('without a receipt printer, paper, drawer or first screen saved (an older app’s file), each is its default', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      receiptPrinter: { kind: 'none' },
      receiptWidth: 80,
      openDrawerOnCash: false,
      openCounterAtStart: false,
    });
    writeFileSync(
      join(directory, SETTINGS_FILE),
      JSON.stringify({ server: 'https://shop.example', window: windowState }),
    );
    expect(new SettingsStore(directory, recordingLogger()).get()).toEqual({
      ...DEFAULT_SETTINGS,
      server: 'https://shop.example',
      window: windowState,
    });
  });

  test('the receipt printer, its paper and the drawer are saved and read back', () => {
    const store = new SettingsStore(directory, recordingLogger());
    store.update({ server: 'https://shop.example' });
    const network = { kind: 'network', host: '192.168.1.50', port: 9100 } as const;
    store.update({ receiptPrinter: network, receiptWidth: 58, openDrawerOnCash: true });
    expect(new SettingsStore(directory, recordingLogger()).get()).toEqual({
      ...DEFAULT_SETTINGS,
      server: 'https://shop.example',
      receiptPrinter: network,
      receiptWidth: 58,
      openDrawerOnCash: true,
    });
    const system = { kind: 'system', name: 'TVS_RP_3160', mode: 'escpos' } as const;
    store.update({ receiptPrinter: system });
    expect(new SettingsStore(directory, recordingLogger()).get().receiptPrinter).toEqual(system);
  });

  test('a network printer saved without its port gets 9100', () => {
    writeFileSync(
      join(directory, SETTINGS_FILE),
      JSON.stringify({ server: null, receiptPrinter: { kind: 'network', host: 'printer.local' } }),
    );
    expect(new SettingsStore(directory, recordingLogger()).get().receiptPrinter).toEqual({
      kind: 'network',
      host: 'printer.local',
      port: 9100,
    });
  });

  test.each([
    ['an unknown kind', { receiptPrinter: { kind: 'bluetooth', name: 'x' } }],
    ['a host that is no address', { receiptPrinter: { kind: 'network', host: 'a b', port: 9100 } }],
    ['a port out of range', { receiptPrinter: { kind: 'network', host: '10.0.0.5', port: 70000 } }],
    ['a system printer with no mode', { receiptPrinter: { kind: 'system', name: 'TVS' } }],
    ['a paper width of 76', { receiptWidth: 76 }],
    ['a drawer setting of "yes"', { openDrawerOnCash: 'yes' }],
    ['an open-the-Counter setting of 1', { openCounterAtStart: 1 }],
  ])('%s falls back to its default and keeps the server address', (_case, damage) => {
    writeFileSync(
      join(directory, SETTINGS_FILE),
      JSON.stringify({
        server: 'https://shop.example',
        window: windowState,
        receiptPrinter: { kind: 'network', host: '192.168.1.50', port: 9100 },
        receiptWidth: 58,
        openDrawerOnCash: true,
        openCounterAtStart: true,
        ...damage,
      }),
    );
    const read = new SettingsStore(directory, recordingLogger()).get();
    const damaged = Object.keys(damage)[0] as keyof typeof DEFAULT_SETTINGS;
    expect(read[damaged]).toEqual(DEFAULT_SETTINGS[damaged]);
    expect(read).toMatchObject({ server: 'https://shop.example', window: windowState });
  });

  test('an unreadable settings file is logged and means first run', () => {
    // A folder where the file should be: reading it fails with EISDIR.
    mkdirSync(join(directory, SETTINGS_FILE));
    const log = recordingLogger();
    expect(new SettingsStore(directory, log).get()).toEqual(DEFAULT_SETTINGS);
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'settings: cannot read the settings file; starting as on first run',
      }),
    ]);
  });
});

describe('server address', () => {
  test.each([
    ['http://192.168.1.20:4000', 'http://192.168.1.20:4000'],
    ['  192.168.1.20:4000  ', 'http://192.168.1.20:4000'],
    ['localhost:4000', 'http://localhost:4000'],
    ['https://shop.example/', 'https://shop.example'],
    ['HTTPS://Shop.Example:443/seller/orders?x=1#y', 'https://shop.example'],
    ['http://shop.example:80', 'http://shop.example'],
  ])('%j means the origin %s', (address, origin) => {
    expect(serverOrigin(address)).toEqual({ ok: true, origin });
  });

  test.each([
    ['', 'Enter the server address'],
    ['   ', 'Enter the server address'],
    ['ftp://shop.example', 'The address must start with http:// or https://'],
    ['file:///etc/passwd', 'The address must start with http:// or https://'],
    ['http://user:secret@shop.example', 'The address must not contain a user name or password'],
    ['http://exa mple', '"http://exa mple" is not a web address'],
  ])('%j is refused: %s', (address, message) => {
    expect(serverOrigin(address)).toEqual({ ok: false, message });
  });
});
