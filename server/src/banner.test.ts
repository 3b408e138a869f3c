import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, test } from 'vitest';
import { networkUrls, startBanner } from './banner.js';
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
