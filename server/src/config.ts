import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { envSchema, MIN_SECRET_LENGTH, type EnvVars } from './config-env.js';
import { anotherSite } from './lib/origins.js';
import type { AgentLogin } from './modules/agent/agent-login.js';
import type { Uploads } from './modules/upload/open-image-store.js';
import {
  localVapidKeys,
  VAPID_KEYS_FILE,
  vapidKeysMatch,
  type VapidDetails,
} from './modules/push/vapid-keys.js';

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SELLER_PASSWORD',
  'SESSION_SECRET',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'VAPID_PRIVATE_KEY',
]);
const DEV_SELLER = { email: 'admin@kirana.local', password: 'kirana-admin' };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Absent: the embedded database in `dataDir/pg`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Set: live updates are shared with the other server instances through this Redis. */
  redisUrl: string | undefined;
  /** Begins every key and channel this shop uses in that Redis, so shops can share one. */
  redisKeyPrefix: string;
  seller: { email: string; password: string; fromEnv: boolean };
  sessionSecret: string;
  seedDemoData: boolean;
  /** Behind a reverse proxy: take the client address and HTTPS from X-Forwarded-* headers. */
  trustProxy: boolean;
  payments: PaymentsConfig;
  /** Where browsers reach this server (an origin); unset: `http://localhost:<port it listens on>`. */
  publicUrl: string | undefined;
  /** Other origins whose pages may call the API with the session cookies (CORS with credentials). */
  publicOrigins: string[];
  /**
   * 'paired': an agent signs in by phone number only on a phone the shop paired through an
   * invite; 'phone': by phone number alone, anywhere (the spec's login).
   */
  agentLogin: AgentLogin;
  /**
   * Where uploaded pictures live: 'files' under DATA_DIR/uploads (one machine), 'database' in
   * PostgreSQL, so every instance serves every picture (the default with REDIS_URL).
   */
  uploads: Uploads;
  /** Shopper accounts one client address may create in an hour. */
  signUpsPerHour: number;
  /** An open order no agent accepted this long after it was offered alerts the counter. */
  unacceptedAlertMinutes: number;
  /** New orders are delivered only with the 4-digit PIN their shopper sees (DELIVERY_PIN). */
  deliveryPin: boolean;
  logLevel: string;
  /** Web Push alerts to the agents' phones (VAPID_*, PUSH_SERVICE_HOSTS). */
  push: PushConfig;
  backups: BackupConfig;
}

/** Automatic backups (docs/backups.md#when-backups-are-made). */
export interface BackupConfig {
  /** BACKUP_DIR: where backups are written (default DATA_DIR/backups). */
  dir: string;
  /** BACKUP_EVERY_HOURS: 0 turns the scheduled backups off (the one before migrations stays). */
  everyHours: number;
  /** BACKUP_KEEP: how many of the newest are kept. */
  keep: number;
}

export type { AgentLogin, Uploads };

/**
 * Which payment provider takes online payments. The sandbox signs with the given secrets when
 * set, else with ones generated into the data folder.
 */
export interface PaymentsConfig {
  provider: 'razorpay' | 'sandbox';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Unpaid online orders are cancelled this long after they were placed. */
  expiryMinutes: number;
}

/** A configuration problem, reported as one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Where the shop's data is, read from `env` without generating any key into DATA_DIR (as
 * loadConfig does): `npm run restore` must leave a DATA_DIR as it was when it refuses a backup.
 * @throws ConfigError naming a bad variable.
 */
export function loadDataLocation(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const vars = parseEnv(envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }), env);
  return { dataDir: path.resolve(vars.DATA_DIR), databaseUrl: vars.DATABASE_URL };
}

function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
): z.infer<Schema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const name = String(issue?.path[0] ?? 'environment');
    // Secrets are never echoed into logs, even wrong ones.
    const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name])})`;
    throw new ConfigError(`${name} ${issue?.message}${got}`);
  }
  return parsed.data;
}

/**
 * Reads and validates the configuration from `env`.
 * @throws ConfigError naming the first bad or (in production) missing variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = parseEnv(envSchema, env);
  const production = vars.NODE_ENV === 'production';
  if (production) {
    for (const name of ['SELLER_EMAIL', 'SELLER_PASSWORD', 'SESSION_SECRET'] as const) {
      if (!vars[name]) throw new ConfigError(`${name} is required when NODE_ENV=production`);
    }
  }
  const dataDir = path.resolve(vars.DATA_DIR);
  const payments = paymentsConfig(vars, dataDir, production);
  // Cookies that another site's pages may send go SameSite=None, which browsers take only Secure.
  const publicUrl = vars.PUBLIC_URL ?? 'http://localhost';
  if (anotherSite(publicUrl, vars.PUBLIC_ORIGINS) && !publicUrl.startsWith('https:')) {
    throw new ConfigError(
      'PUBLIC_ORIGINS names another site than PUBLIC_URL: its calls need SameSite=None; Secure session cookies, so PUBLIC_URL must be an https:// URL',
    );
  }
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    redisUrl: vars.REDIS_URL,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    seller: {
      email: vars.SELLER_EMAIL ?? DEV_SELLER.email,
      password: vars.SELLER_PASSWORD ?? DEV_SELLER.password,
      fromEnv: Boolean(vars.SELLER_EMAIL && vars.SELLER_PASSWORD),
    },
    sessionSecret: vars.SESSION_SECRET ?? localSecret(dataDir, LOCAL_SECRETS.session),
    seedDemoData: vars.SEED_DEMO_DATA ?? !production,
    trustProxy: vars.TRUST_PROXY ?? false,
    payments,
    publicUrl: vars.PUBLIC_URL,
    publicOrigins: vars.PUBLIC_ORIGINS,
    agentLogin: vars.AGENT_LOGIN,
    uploads: vars.UPLOADS ?? (vars.REDIS_URL ? 'database' : 'files'),
    signUpsPerHour: vars.SIGN_UPS_PER_HOUR,
    unacceptedAlertMinutes: vars.UNACCEPTED_ALERT_MINUTES,
    deliveryPin: vars.DELIVERY_PIN === 'on',
    logLevel: vars.LOG_LEVEL,
    push: pushConfig(vars, dataDir, production),
    backups: {
      dir: path.resolve(vars.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      everyHours: vars.BACKUP_EVERY_HOURS,
      keep: vars.BACKUP_KEEP,
    },
  };
}

const SANDBOX_KEY_ID = 'rzp_test_kiranasandbox';

function paymentsConfig(vars: EnvVars, dataDir: string, production: boolean): PaymentsConfig {
  const keys = Boolean(vars.RAZORPAY_KEY_ID && vars.RAZORPAY_KEY_SECRET);
  const provider = vars.PAYMENTS ?? (keys ? 'razorpay' : 'sandbox');
  const expiryMinutes = vars.PAYMENT_EXPIRY_MINUTES;
  if (provider === 'sandbox') {
    // A live shop must never take pretend payments by accident: the sandbox is chosen on purpose.
    if (production && !vars.PAYMENTS) {
      throw new ConfigError(
        'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are required when NODE_ENV=production (or PAYMENTS=sandbox for a store whose online payments are pretend)',
      );
    }
    return {
      provider,
      keyId: vars.RAZORPAY_KEY_ID ?? SANDBOX_KEY_ID,
      keySecret: vars.RAZORPAY_KEY_SECRET ?? localSecret(dataDir, LOCAL_SECRETS.sandboxKey),
      webhookSecret:
        vars.RAZORPAY_WEBHOOK_SECRET ?? localSecret(dataDir, LOCAL_SECRETS.sandboxWebhook),
      expiryMinutes,
    };
  }
  const required = (
    name: 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET',
  ) => {
    const value = vars[name];
    if (!value) throw new ConfigError(`${name} is required when PAYMENTS=razorpay`);
    return value;
  };
  return {
    provider,
    keyId: required('RAZORPAY_KEY_ID'),
    keySecret: required('RAZORPAY_KEY_SECRET'),
    webhookSecret: required('RAZORPAY_WEBHOOK_SECRET'),
    expiryMinutes,
  };
}

/**
 * Web Push: the VAPID keys the server signs with (both given, or else generated once into the
 * data folder), whom push services may contact, and the push services' hosts besides the known.
 */
export interface PushConfig {
  vapid: VapidDetails;
  serviceHosts: string[];
}

function pushConfig(vars: EnvVars, dataDir: string, production: boolean): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = vars;
  // Several instances (REDIS_URL) must sign alerts with one pair: each would generate its own.
  if (production && vars.REDIS_URL && !publicKey && !privateKey) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production with REDIS_URL: every instance must sign push alerts with the same keys (make a pair with `npx web-push generate-vapid-keys`)',
    );
  }
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new ConfigError(
      `${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} is required with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}: set both, or neither to use keys generated into DATA_DIR`,
    );
  }
  const keys = publicKey && privateKey ? { publicKey, privateKey } : localVapidKeys(dataDir);
  if (!vapidKeysMatch(keys))
    throw new ConfigError('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  // Whom a push service writes to about a problem: the shop's own address when there is one.
  const shop = vars.SELLER_EMAIL ? `mailto:${vars.SELLER_EMAIL}` : undefined;
  const site = vars.PUBLIC_URL?.startsWith('https:') ? vars.PUBLIC_URL : undefined;
  const subject = vars.VAPID_SUBJECT ?? shop ?? site ?? `mailto:${DEV_SELLER.email}`;
  return { vapid: { ...keys, subject }, serviceHosts: vars.PUSH_SERVICE_HOSTS };
}

/** The secrets generated into DATA_DIR when no variable gives them (and the VAPID keys' file). */
const LOCAL_SECRETS = {
  session: 'session-secret',
  sandboxKey: 'sandbox-key-secret',
  sandboxWebhook: 'sandbox-webhook-secret',
};

/**
 * The files of DATA_DIR that are the shop's own keys: a backup carries them, so that a restored
 * shop keeps its sessions, its paired phones and its agents' and shoppers' push subscriptions.
 */
export const DATA_DIR_KEYS = [...Object.values(LOCAL_SECRETS), VAPID_KEYS_FILE];

/**
 * Outside production a secret is generated once into the data folder, so restarts keep sessions;
 * a missing, empty or truncated file is replaced with a new one.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (stored.length >= MIN_SECRET_LENGTH) return stored;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
