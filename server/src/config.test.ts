import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { expectConfigError } from './test/config.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

const production = {
  NODE_ENV: 'production',
  SELLER_EMAIL: 'owner@example.com',
  SELLER_PASSWORD: 'a-long-password',
  SESSION_SECRET: 'x'.repeat(32),
  ...razorpay,
};

const configErrorOf = (env: NodeJS.ProcessEnv) => expectConfigError({ DATA_DIR: dataDir, ...env });

describe('loadConfig defaults', () => {
  it('listens on port 4000, uses the embedded database and seeds the demo catalogue in development', () => {
    const config = loadConfig({ DATA_DIR: dataDir });

    expect(config.env).toBe('development');
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(dataDir));
    expect(config.seedDemoData).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('treats an empty DATABASE_URL as unset, i.e. the embedded database', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '   ' }).databaseUrl).toBeUndefined();
  });

  it('falls back to the development seller account when SELLER_EMAIL and SELLER_PASSWORD are unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).seller).toEqual({
      email: 'admin@kirana.local',
      password: 'kirana-admin',
      fromEnv: false,
    });
  });

  it('generates a session secret once, keeps it in DATA_DIR and returns the same one on the next load', async () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;

    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(await readFile(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first);
  });

  it('treats a blank PORT as unset: port 4000, not "any free port"', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '' }).port).toBe(4000);
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '  ' }).port).toBe(4000);
  });

  it('replaces an empty or truncated session-secret file with a new full-length secret', async () => {
    const file = path.join(dataDir, 'session-secret');
    for (const damaged of ['', 'short']) {
      await writeFile(file, damaged);
      const secret = loadConfig({ DATA_DIR: dataDir }).sessionSecret;

      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(await readFile(file, 'utf8')).toBe(secret);
    }
  });

  it('creates a missing DATA_DIR to keep the generated session secret in', async () => {
    const nested = path.join(dataDir, 'not', 'yet', 'there');
    const secret = loadConfig({ DATA_DIR: nested }).sessionSecret;

    expect(await readFile(path.join(nested, 'session-secret'), 'utf8')).toBe(secret);
  });
});

describe('loadConfig from the environment', () => {
  it('reads PORT, a postgres DATABASE_URL and the seller account', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      DATABASE_URL: 'postgresql://kirana:secret@db.internal:5432/kirana',
      SELLER_EMAIL: 'owner@example.com',
      SELLER_PASSWORD: 'a-long-password',
    });

    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgresql://kirana:secret@db.internal:5432/kirana');
    expect(config.seller).toEqual({
      email: 'owner@example.com',
      password: 'a-long-password',
      fromEnv: true,
    });
  });

  it('backs up into DATA_DIR/backups every 6 hours, keeping 14, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).backups).toEqual({
      dir: path.join(dataDir, 'backups'),
      everyHours: 6,
      keep: 14,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        BACKUP_DIR: '/media/usb/kirana',
        BACKUP_EVERY_HOURS: '0',
        BACKUP_KEEP: '30',
      }).backups,
    ).toEqual({ dir: '/media/usb/kirana', everyHours: 0, keep: 30 });
    expect(configErrorOf({ BACKUP_KEEP: '0' }).message).toBe(
      'BACKUP_KEEP must be a whole number from 1 to 1000 (got "0")',
    );
  });

  it('accepts PORT=0 for any free port', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%j with an error naming PORT', (port) => {
    const error = configErrorOf({ PORT: port });

    expect(error.message).toMatch(/^PORT /);
    expect(error.message).toContain(JSON.stringify(port));
  });

  it.each(['mysql://root@localhost/kirana', 'not a url', 'http://localhost:5432/kirana'])(
    'rejects DATABASE_URL=%j with an error naming DATABASE_URL',
    (url) => {
      expect(configErrorOf({ DATABASE_URL: url }).message).toMatch(/^DATABASE_URL /);
    },
  );

  it('reads REDIS_URL; rejects another scheme without echoing it (it may hold a password)', () => {
    const url = 'redis://:secret@cache.internal:6379';

    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: url }).redisUrl).toBe(url);
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: ' ' }).redisUrl).toBeUndefined();
    const error = configErrorOf({ REDIS_URL: 'http://:secret@cache.internal' });
    expect(error.message).toMatch(/^REDIS_URL must be a redis/);
    expect(error.message).not.toContain('secret');
  });

  it('names its Redis keys and channels with REDIS_KEY_PREFIX, kirana: by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).redisKeyPrefix).toBe('kirana:');
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_KEY_PREFIX: ' ' }).redisKeyPrefix).toBe('kirana:');
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_KEY_PREFIX: 'shop-2:' }).redisKeyPrefix).toBe(
      'shop-2:',
    );
    expect(configErrorOf({ REDIS_KEY_PREFIX: 'shop 2' }).message).toMatch(
      /^REDIS_KEY_PREFIX must be 1 to 64 letters/,
    );
  });

  it('rejects a SESSION_SECRET shorter than 32 characters', () => {
    const error = configErrorOf({ SESSION_SECRET: 'x'.repeat(31) });

    expect(error.message).toMatch(/^SESSION_SECRET .*32/);
  });

  it('uses a SESSION_SECRET of 32 characters as given and writes no secret file', async () => {
    const secret = 's'.repeat(32);

    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    await expect(readFile(path.join(dataDir, 'session-secret'), 'utf8')).rejects.toThrow();
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('honours SEED_DEMO_DATA=%s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: value }).seedDemoData).toBe(expected);
  });

  it('rejects a SEED_DEMO_DATA that is not a yes/no flag', () => {
    expect(configErrorOf({ SEED_DEMO_DATA: 'maybe' }).message).toMatch(/^SEED_DEMO_DATA /);
  });
});

describe('loadConfig in production', () => {
  it.each(['SELLER_EMAIL', 'SELLER_PASSWORD', 'SESSION_SECRET'] as const)(
    'refuses to start without %s and names it',
    (missing) => {
      const error = configErrorOf({ ...production, [missing]: undefined });

      expect(error.message).toBe(`${missing} is required when NODE_ENV=production`);
    },
  );

  it('treats an empty SELLER_PASSWORD as missing', () => {
    expect(configErrorOf({ ...production, SELLER_PASSWORD: '' }).message).toMatch(
      /^SELLER_PASSWORD /,
    );
  });

  it('starts with every required variable set, and seeds no demo catalogue unless asked', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...production });

    expect(config.env).toBe('production');
    expect(config.seller).toEqual({
      email: 'owner@example.com',
      password: 'a-long-password',
      fromEnv: true,
    });
    expect(config.sessionSecret).toBe(production.SESSION_SECRET);
    expect(config.seedDemoData).toBe(false);
    await expect(readFile(path.join(dataDir, 'session-secret'), 'utf8')).rejects.toThrow();
  });

  it('seeds the demo catalogue in production when SEED_DEMO_DATA=true', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, ...production, SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
  });
});

describe('loadConfig for online payments', () => {
  it('uses the sandbox without keys, with secrets generated once into the data folder', async () => {
    const first = loadConfig({ DATA_DIR: dataDir }).payments;
    const again = loadConfig({ DATA_DIR: dataDir }).payments;

    expect(first.provider).toBe('sandbox');
    expect(first.keyId).toMatch(/^rzp_test_/);
    expect(first.keySecret.length).toBeGreaterThanOrEqual(32);
    expect(first.webhookSecret).not.toBe(first.keySecret);
    expect(again).toEqual(first);
    expect(await readFile(path.join(dataDir, 'sandbox-key-secret'), 'utf8')).toBe(first.keySecret);
    expect(first.expiryMinutes).toBe(30);
  });

  it('uses Razorpay when both keys are set, and the sandbox signs with given keys when asked', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...razorpay }).payments).toEqual({
      provider: 'razorpay',
      keyId: razorpay.RAZORPAY_KEY_ID,
      keySecret: razorpay.RAZORPAY_KEY_SECRET,
      webhookSecret: razorpay.RAZORPAY_WEBHOOK_SECRET,
      expiryMinutes: 30,
    });
    const sandbox = loadConfig({ DATA_DIR: dataDir, ...razorpay, PAYMENTS: 'sandbox' }).payments;
    expect(sandbox).toMatchObject({ provider: 'sandbox', keySecret: 'key-secret' });
  });

  it('refuses Razorpay without its webhook secret, naming it', () => {
    const error = configErrorOf({ ...razorpay, RAZORPAY_WEBHOOK_SECRET: '' });
    expect(error.message).toBe('RAZORPAY_WEBHOOK_SECRET is required when PAYMENTS=razorpay');
    expect(configErrorOf({ PAYMENTS: 'razorpay' }).message).toBe(
      'RAZORPAY_KEY_ID is required when PAYMENTS=razorpay',
    );
  });

  it('never falls back to pretend payments in production unless PAYMENTS=sandbox says so', () => {
    const { RAZORPAY_KEY_ID: _id, RAZORPAY_KEY_SECRET: _secret, ...keyless } = production;
    expect(configErrorOf(keyless).message).toMatch(
      /^RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are required when NODE_ENV=production/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, ...keyless, PAYMENTS: 'sandbox' }).payments.provider,
    ).toBe('sandbox');
  });

  it('checks the key id and the expiry, and never echoes a secret', () => {
    expect(configErrorOf({ RAZORPAY_KEY_ID: 'pk_live_123' }).message).toMatch(/^RAZORPAY_KEY_ID /);
    expect(configErrorOf({ PAYMENT_EXPIRY_MINUTES: '2' }).message).toBe(
      'PAYMENT_EXPIRY_MINUTES must be a whole number of minutes from 5 to 1440 (got "2")',
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, PAYMENT_EXPIRY_MINUTES: '15' }).payments.expiryMinutes,
    ).toBe(15);
  });

  it('takes the unaccepted alert after 5 minutes unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).unacceptedAlertMinutes).toBe(5);
    expect(
      loadConfig({ DATA_DIR: dataDir, UNACCEPTED_ALERT_MINUTES: '12' }).unacceptedAlertMinutes,
    ).toBe(12);
    expect(configErrorOf({ UNACCEPTED_ALERT_MINUTES: '0' }).message).toBe(
      'UNACCEPTED_ALERT_MINUTES must be a whole number of minutes from 1 to 240 (got "0")',
    );
  });
});

describe('loadConfig SIGN_UPS_PER_HOUR', () => {
  it('allows 20 sign-ups an hour per address unless set to another whole number', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).signUpsPerHour).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir, SIGN_UPS_PER_HOUR: '200' }).signUpsPerHour).toBe(200);
    expect(configErrorOf({ SIGN_UPS_PER_HOUR: '0' }).message).toBe(
      'SIGN_UPS_PER_HOUR must be a whole number from 1 to 1000000 (got "0")',
    );
  });
});

describe('loadConfig PUBLIC_URL and PUBLIC_ORIGINS', () => {
  it('leaves PUBLIC_URL to the listening port and lists no other origin by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.publicUrl).toBeUndefined();
    expect(config.publicOrigins).toEqual([]);
  });

  it('reads each as bare origins, normalised as browsers send them', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'HTTPS://Shop.Example.in:443/',
      PUBLIC_ORIGINS:
        ' https://app.shop.example.in , http://localhost:5173,,https://app.shop.example.in',
    });
    expect(config.publicUrl).toBe('https://shop.example.in');
    expect(config.publicOrigins).toEqual(['https://app.shop.example.in', 'http://localhost:5173']);
  });

  it.each([
    'shop.example.in',
    'ftp://shop.example.in',
    'https://shop.example.in/store',
    'https://shop.example.in?x=1',
    'https://shop.example.in/#top',
    'https://owner:secret@shop.example.in',
  ])('refuses PUBLIC_URL=%j, naming it', (value) => {
    expect(configErrorOf({ PUBLIC_URL: value }).message).toBe(
      `PUBLIC_URL must be an http:// or https:// URL with no path, e.g. https://shop.example.in (got ${JSON.stringify(value)})`,
    );
  });

  it('refuses a PUBLIC_ORIGINS entry that is not a bare origin, naming the entry', () => {
    expect(
      configErrorOf({ PUBLIC_ORIGINS: 'https://app.example.in, https://app.example.in/shop' })
        .message,
    ).toMatch(
      /^PUBLIC_ORIGINS must be comma-separated origins .*"https:\/\/app.example.in\/shop" is not one/,
    );
  });

  it('takes another site in PUBLIC_ORIGINS only when PUBLIC_URL is https (cookies must be Secure)', () => {
    expect(configErrorOf({ PUBLIC_ORIGINS: 'https://app.other.in' }).message).toMatch(
      /^PUBLIC_ORIGINS names another site than PUBLIC_URL: .* PUBLIC_URL must be an https:\/\/ URL$/,
    );
    expect(
      configErrorOf({
        PUBLIC_URL: 'http://shop.example.in',
        PUBLIC_ORIGINS: 'https://app.other.in',
      }).message,
    ).toMatch(/^PUBLIC_ORIGINS names another site/);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://shop.example.in',
        PUBLIC_ORIGINS: 'https://app.other.in',
      }).publicOrigins,
    ).toEqual(['https://app.other.in']);
  });

  it('takes the same site over plain HTTP: another port, or a subdomain of the same domain', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGINS: 'http://localhost:5173' }).publicOrigins,
    ).toEqual(['http://localhost:5173']);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://shop.example.in',
        PUBLIC_ORIGINS: 'http://app.shop.example.in:8080',
      }).publicOrigins,
    ).toEqual(['http://app.shop.example.in:8080']);
  });
});

describe('loadConfig AGENT_LOGIN', () => {
  it('pairs agent phones by default, also when AGENT_LOGIN is blank', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).agentLogin).toBe('paired');
    expect(loadConfig({ DATA_DIR: dataDir, AGENT_LOGIN: ' ' }).agentLogin).toBe('paired');
  });

  it('takes phone for the bare phone login, and refuses anything else, naming the choices', () => {
    expect(loadConfig({ DATA_DIR: dataDir, AGENT_LOGIN: 'phone' }).agentLogin).toBe('phone');
    expect(configErrorOf({ AGENT_LOGIN: 'none' }).message).toBe(
      'AGENT_LOGIN must be paired or phone (got "none")',
    );
  });
});

describe('loadConfig UPLOADS', () => {
  it('keeps pictures in files on one machine, and in the database with REDIS_URL (several instances)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).uploads).toBe('files');
    expect(loadConfig({ DATA_DIR: dataDir, UPLOADS: ' ' }).uploads).toBe('files');
    const redis = { DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig(redis).uploads).toBe('database');
    expect(loadConfig({ ...redis, UPLOADS: '' }).uploads).toBe('database');
  });

  it('follows UPLOADS when it is set, with or without REDIS_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir, UPLOADS: 'database' }).uploads).toBe('database');
    expect(
      loadConfig({ DATA_DIR: dataDir, UPLOADS: 'files', REDIS_URL: 'redis://127.0.0.1:6379' })
        .uploads,
    ).toBe('files');
  });

  it('refuses any other value, naming the choices', () => {
    expect(configErrorOf({ UPLOADS: 's3' }).message).toBe(
      'UPLOADS must be files or database (got "s3")',
    );
    expect(configErrorOf({ UPLOADS: 'Database' }).message).toBe(
      'UPLOADS must be files or database (got "Database")',
    );
  });
});
