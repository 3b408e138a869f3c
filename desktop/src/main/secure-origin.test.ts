import { describe, expect, test, vi } from 'vitest';
import { recordingLogger } from '../test/fixtures.js';
import {
  originToTreatAsSecure,
  relaunchOptions,
  restartNeededFor,
  TREAT_AS_SECURE_SWITCH,
  treatServerAsSecure,
} from './secure-origin.js';

describe('the server origin treated as a secure context', () => {
  test.each([
    ['http://192.168.1.20:4000', 'http://192.168.1.20:4000'],
    ['http://shop-server:4000', 'http://shop-server:4000'],
    ['http://10.0.0.5', 'http://10.0.0.5'],
    ['https://shop.example', null],
    ['http://localhost:4000', null],
    ['http://till.localhost:4000', null],
    ['http://127.0.0.1:4000', null],
    ['http://[::1]:4000', null],
    ['not an address', null],
    [null, null],
  ])('%s → %s', (server, origin) => {
    expect(originToTreatAsSecure(server)).toBe(origin);
  });

  test('only that one origin goes on the command line, and it is logged', () => {
    const commandLine = { appendSwitch: vi.fn() };
    const log = recordingLogger();
    expect(treatServerAsSecure(commandLine, 'http://192.168.1.20:4000', log)).toBe(
      'http://192.168.1.20:4000',
    );
    expect(commandLine.appendSwitch).toHaveBeenCalledExactlyOnceWith(
      TREAT_AS_SECURE_SWITCH,
      'http://192.168.1.20:4000',
    );
    expect(log.entries).toHaveLength(1);

    expect(treatServerAsSecure(commandLine, 'https://shop.example', log)).toBeNull();
    expect(treatServerAsSecure(commandLine, null, log)).toBeNull();
    expect(commandLine.appendSwitch).toHaveBeenCalledTimes(1);
  });

  test('a new server needs a restart only when it is plain http and not the one treated at start', () => {
    expect(restartNeededFor('http://192.168.1.21:4000', 'http://192.168.1.20:4000')).toBe(true);
    expect(restartNeededFor('http://192.168.1.21:4000', null)).toBe(true);
    expect(restartNeededFor('http://192.168.1.20:4000', 'http://192.168.1.20:4000')).toBe(false);
    expect(restartNeededFor('https://shop.example', 'http://192.168.1.20:4000')).toBe(false);
    expect(restartNeededFor('http://localhost:4000', null)).toBe(false);
  });

  test('a restart starts the app as it was started, or its AppImage', () => {
    expect(relaunchOptions({}, ['/opt/kirana/kirana-counter'])).toEqual({});
    expect(
      relaunchOptions({ APPIMAGE: '/home/shop/Kirana.AppImage' }, ['/tmp/.mount_K/kirana', '-x']),
    ).toEqual({ execPath: '/home/shop/Kirana.AppImage', args: ['-x'] });
  });
});
