import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint, parsePushServiceHosts } from './push-hosts.js';

describe('push service endpoints', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGa3Yc',
    'https://FCM.googleapis.com./fcm/send/x',
  ])('takes a known push service: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another host', 'https://example.com/fcm/send/x'],
    ['a look-alike suffix', 'https://evilfcm.googleapis.com.example.com/x'],
    ['a host that only ends with the name', 'https://notfcm.googleapis.com/x'],
    ['a loopback address', 'https://127.0.0.1:8443/push'],
    ['an address on the shop network', 'https://192.168.1.10/push'],
    ['credentials', 'https://user:secret@fcm.googleapis.com/x'],
    ['no URL at all', 'fcm.googleapis.com/x'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
  ])('refuses %s', (_case, endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(false);
  });

  it('takes the hosts the configuration adds, an IP address only as itself', () => {
    const hosts = ['127.0.0.1', '::1', 'push.example.in'];
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/push/1', hosts)).toBe(true);
    expect(isPushServiceEndpoint('https://[::1]:8443/push/1', hosts)).toBe(true);
    expect(isPushServiceEndpoint('https://eu.push.example.in/x', hosts)).toBe(true);
    expect(isPushServiceEndpoint('https://10.127.0.0.1/push/1', hosts)).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1:8443/push/1', hosts)).toBe(false);
  });

  it('reads PUSH_SERVICE_HOSTS as bare host names, and refuses anything else', () => {
    expect(parsePushServiceHosts(' 127.0.0.1, Push.Example.in ,[::1],127.0.0.1,')).toEqual([
      '127.0.0.1',
      'push.example.in',
      '::1',
    ]);
    expect(parsePushServiceHosts('')).toEqual([]);
    expect(parsePushServiceHosts('https://push.example.in')).toBeNull();
    expect(parsePushServiceHosts('push.example.in:443')).toBeNull();
    expect(parsePushServiceHosts('push.example.in/x')).toBeNull();
    expect(parsePushServiceHosts('-bad.example.in')).toBeNull();
  });
});
