import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const MIN_SECRET_LENGTH = 32;
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SELLER_PASSWORD',
  'SESSION_SECRET',
]);
const DEV_SELLER = { email: 'admin@kirana.local', password: 'kirana-admin' };

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, with its default. README lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Blank counts as unset, as for every variable: a stray `PORT=` must not mean "any port".
  PORT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ message: 'must be a whole number from 0 to 65535' })
      .int({ message: 'must be a whole number from 0 to 65535' })
      .min(0, { message: 'must be a whole number from 0 to 65535' })
      .max(65535, { message: 'must be a whole number from 0 to 65535' })
      .default(4000),
  ),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  REDIS_URL: optionalText.pipe(
    z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  SELLER_EMAIL: optionalText.pipe(z.email({ message: 'must be an email address' }).optional()),
  SELLER_PASSWORD: optionalText.pipe(
    z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  ),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(MIN_SECRET_LENGTH, { message: 'must be at least 32 characters' }).optional(),
  ),
  SEED_DEMO_DATA: optionalText.pipe(flag.optional()),
  TRUST_PROXY: optionalText.pipe(flag.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Absent: the embedded database in `dataDir/pg`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Set: live updates are shared with the other server instances through this Redis. */
  redisUrl: string | undefined;
  seller: { email: string; password: string; fromEnv: boolean };
  sessionSecret: string;
  seedDemoData: boolean;
  /** Behind a reverse proxy: take the client address and HTTPS from X-Forwarded-* headers. */
  trustProxy: boolean;
  logLevel: string;
}

/** A configuration problem, reported as one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from `env`.
 * @throws ConfigError naming the first bad or (in production) missing variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const name = String(issue?.path[0] ?? 'environment');
    // Secrets are never echoed into logs, even wrong ones.
    const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name])})`;
    throw new ConfigError(`${name} ${issue?.message}${got}`);
  }
  const vars = parsed.data;
  const production = vars.NODE_ENV === 'production';
  if (production) {
    for (const name of ['SELLER_EMAIL', 'SELLER_PASSWORD', 'SESSION_SECRET'] as const) {
      if (!vars[name]) throw new ConfigError(`${name} is required when NODE_ENV=production`);
    }
  }
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    redisUrl: vars.REDIS_URL,
    seller: {
      email: vars.SELLER_EMAIL ?? DEV_SELLER.email,
      password: vars.SELLER_PASSWORD ?? DEV_SELLER.password,
      fromEnv: Boolean(vars.SELLER_EMAIL && vars.SELLER_PASSWORD),
    },
    sessionSecret: vars.SESSION_SECRET ?? localSecret(dataDir),
    seedDemoData: vars.SEED_DEMO_DATA ?? !production,
    trustProxy: vars.TRUST_PROXY ?? false,
    logLevel: vars.LOG_LEVEL,
  };
}

/**
 * Outside production a secret is generated once into the data folder, so restarts keep sessions;
 * a missing, empty or truncated file is replaced with a new one.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (stored.length >= MIN_SECRET_LENGTH) return stored;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
