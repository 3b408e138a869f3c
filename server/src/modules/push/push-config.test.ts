import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { expectConfigError } from '../../test/config.js';
import { VAPID_KEYS_FILE } from './vapid-keys.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-push-config-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const pushConfigOf = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ DATA_DIR: dataDir, ...env }).push;

const configErrorOf = (env: NodeJS.ProcessEnv) => expectConfigError({ DATA_DIR: dataDir, ...env });

describe('Web Push configuration', () => {
  it('generates VAPID keys once into DATA_DIR (readable by the server alone) and keeps them', async () => {
    const first = pushConfigOf();
    expect(first.vapid.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(first.vapid.privateKey).toMatch(/^[\w-]{43}$/);
    expect(pushConfigOf().vapid).toEqual(first.vapid);
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      publicKey: first.vapid.publicKey,
      privateKey: first.vapid.privateKey,
    });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('replaces a damaged or mismatched key file with a new pair', async () => {
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    await writeFile(file, '{"publicKey": "nonsense"');
    const fresh = pushConfigOf().vapid;
    const other = webpush.generateVAPIDKeys();
    await writeFile(
      file,
      JSON.stringify({ publicKey: other.publicKey, privateKey: fresh.privateKey }),
    );
    const replaced = pushConfigOf().vapid;
    expect(replaced.publicKey).not.toBe(other.publicKey);
    expect(pushConfigOf().vapid).toEqual(replaced);
  });

  it('in production with several instances (REDIS_URL), asks for the keys: each would make its own', () => {
    const instances = {
      NODE_ENV: 'production',
      SELLER_EMAIL: 'owner@example.com',
      SELLER_PASSWORD: 'a-long-password',
      SESSION_SECRET: 'x'.repeat(32),
      PAYMENTS: 'sandbox',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    expect(configErrorOf(instances).message).toMatch(
      /^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production with REDIS_URL/,
    );
    const keys = webpush.generateVAPIDKeys();
    const given = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(pushConfigOf({ ...instances, ...given }).vapid.publicKey).toBe(keys.publicKey);
    // One instance, or not in production: generated into DATA_DIR as before.
    expect(pushConfigOf({ ...instances, REDIS_URL: undefined }).vapid.publicKey).toMatch(/^B/);
    expect(pushConfigOf({ ...instances, NODE_ENV: 'test' }).vapid.publicKey).toMatch(/^B/);
  });

  it('signs with the keys given in the environment, and writes no key file', async () => {
    const keys = webpush.generateVAPIDKeys();
    const push = pushConfigOf({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://shop.example.in/contact',
    });
    expect(push.vapid).toEqual({ ...keys, subject: 'https://shop.example.in/contact' });
    await expect(readFile(path.join(dataDir, VAPID_KEYS_FILE), 'utf8')).rejects.toThrow();
  });

  it('refuses one key without the other, a pair that does not belong together, and malformed keys, never echoing the private key', () => {
    const keys = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    expect(configErrorOf({ VAPID_PUBLIC_KEY: keys.publicKey }).message).toMatch(
      /^VAPID_PRIVATE_KEY is required with VAPID_PUBLIC_KEY/,
    );
    expect(configErrorOf({ VAPID_PRIVATE_KEY: keys.privateKey }).message).toMatch(
      /^VAPID_PUBLIC_KEY is required with VAPID_PRIVATE_KEY/,
    );
    expect(
      configErrorOf({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })
        .message,
    ).toBe('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    expect(configErrorOf({ VAPID_PUBLIC_KEY: 'abc' }).message).toBe(
      'VAPID_PUBLIC_KEY must be a VAPID public key: 65 bytes in base64url (87 characters), as `npx web-push generate-vapid-keys` prints it (got "abc")',
    );
    const secret = 'not-a-key-but-a-secret';
    const error = configErrorOf({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: secret });
    expect(error.message).toMatch(/^VAPID_PRIVATE_KEY must be a VAPID private key/);
    expect(error.message).not.toContain(secret);
  });

  it('names the shop as the subject: SELLER_EMAIL, else an https PUBLIC_URL; VAPID_SUBJECT must be mailto: or https:', () => {
    expect(pushConfigOf().vapid.subject).toBe('mailto:admin@kirana.local');
    expect(pushConfigOf({ PUBLIC_URL: 'https://shop.example.in' }).vapid.subject).toBe(
      'https://shop.example.in',
    );
    expect(
      pushConfigOf({ SELLER_EMAIL: 'owner@shop.example.in', PUBLIC_URL: 'https://shop.example.in' })
        .vapid.subject,
    ).toBe('mailto:owner@shop.example.in');
    expect(configErrorOf({ VAPID_SUBJECT: 'http://shop.example.in' }).message).toMatch(
      /^VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
    );
  });

  it('reads PUSH_SERVICE_HOSTS as host names (none by default), and refuses a URL', () => {
    expect(pushConfigOf().serviceHosts).toEqual([]);
    expect(pushConfigOf({ PUSH_SERVICE_HOSTS: '127.0.0.1, Push.Example.in' }).serviceHosts).toEqual(
      ['127.0.0.1', 'push.example.in'],
    );
    expect(configErrorOf({ PUSH_SERVICE_HOSTS: 'https://push.example.in/' }).message).toMatch(
      /^PUSH_SERVICE_HOSTS must be comma-separated host names/,
    );
  });
});
