import type { NetworkInterfaceInfo } from 'node:os';
import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import { announceStart, networkUrls, startBanner } from './banner.js';
import { loadConfig } from './config.js';

const address = (
  address: string,
  family: 'IPv4' | 'IPv6',
  internal = false,
): NetworkInterfaceInfo =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

describe('the start banner', () => {
  const interfaces = {
    lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
    wlan0: [address('192.168.1.20', 'IPv4'), address('fe80::1', 'IPv6')],
    eth0: [address('10.0.0.7', 'IPv4')],
  };

  test('the network addresses are the IPv4 ones a phone reaches, never the loopback', () => {
    expect(networkUrls(4000, interfaces)).toEqual([
      'http://192.168.1.20:4000',
      'http://10.0.0.7:4000',
    ]);
  });

  test('gives phones the computer’s network address beside localhost', () => {
    const banner = startBanner(loadConfig({ DATA_DIR: '/tmp/kirana' }), 4000, [
      'http://192.168.1.20:4000',
    ]);
    expect(banner).toContain('Storefront  http://localhost:4000/');
    expect(banner).toMatch(/Phones {6}http:\/\/192\.168\.1\.20:4000 .*invite agents/);
  });

  test('says when phones cannot reach the computer, and names no other address with PUBLIC_URL', () => {
    expect(startBanner(loadConfig({ DATA_DIR: '/tmp/kirana' }), 4000, [])).toContain(
      'phones cannot reach it',
    );
    const named = startBanner(
      loadConfig({ DATA_DIR: '/tmp/kirana', PUBLIC_URL: 'https://shop.example.in' }),
      4000,
      ['http://192.168.1.20:4000'],
    );
    expect(named).toContain('Storefront  https://shop.example.in/');
    expect(named).not.toContain('Phones');
  });
});

describe('announcing the start', () => {
  /** A stand-in for process.stdout: what was written to it, a terminal or not. */
  function output(isTTY: boolean) {
    const written: string[] = [];
    return {
      written,
      stream: {
        isTTY,
        write: (text: string | Uint8Array) => written.push(String(text)) > 0,
      },
    };
  }
  const logTo = (written: string[]) =>
    pino({ base: null }, { write: (line: string) => written.push(line) });
  const config = loadConfig({ DATA_DIR: '/tmp/kirana' });

  test('output that is no terminal gets the banner’s plain lines and the JSON start line', () => {
    const { written, stream } = output(false);
    announceStart(config, 4000, logTo(written), stream, []);

    const text = written.join('');
    expect(text).toContain('  Kirana is open at http://localhost:4000\n');
    expect(text).toContain('  Storefront  http://localhost:4000/\n');
    expect(text).toContain('  Seller      http://localhost:4000/seller   sign in as ');
    expect(text).toContain('  Agents      http://localhost:4000/agents\n');
    expect(text).toContain('  Press Ctrl+C to stop.\n');
    // Plain lines: no colour or cursor codes for a file or a journal.
    expect(text).not.toContain('\u001b');
    const json = written.filter((line) => line.startsWith('{'));
    expect(json.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ port: 4000, msg: 'Kirana is serving http://localhost:4000' }),
    ]);
  });

  test('a terminal gets the banner alone', () => {
    const { written, stream } = output(true);
    announceStart(config, 4000, logTo(written), stream, []);

    expect(written).toEqual([startBanner(config, 4000, [])]);
  });
});
