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
      server: 'http://localhost:4000',
      window: null,
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
    expect(new SettingsStore(directory, log).get()).toEqual({ server: null, window: windowState });
    expect(log.entries.map((entry) => entry.level)).toEqual(['warn', 'warn', 'warn']);
  });

  test('a damaged window state keeps the server address', () => {
    writeFileSync(
      join(directory, SETTINGS_FILE),
      JSON.stringify({ server: 'https://shop.example', window: { width: 'wide' } }),
    );
    expect(new SettingsStore(directory, recordingLogger()).get()).toEqual({
      server: 'https://shop.example',
      window: null,
    });
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
