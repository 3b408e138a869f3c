/** The environment variables the server reads, validated, with their defaults (config.ts). */
import { parseOrigin } from '@kirana/shared';
import { z } from 'zod';
import { REDIS_KEY_PREFIX } from './lib/redis.js';
import { parsePushServiceHosts } from './modules/push/push-hosts.js';
import {
  vapidPrivateKeySchema,
  vapidPublicKeySchema,
  vapidSubjectSchema,
} from './modules/push/vapid-keys.js';

/** The shortest secret taken, given or generated. */
export const MIN_SECRET_LENGTH = 32;

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, with its default. README lists the same. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Blank counts as unset, as for every variable: a stray `PORT=` must not mean "any port".
  PORT: wholeNumber(0, 65535, 4000),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  REDIS_URL: optionalText.pipe(
    z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  REDIS_KEY_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:-]{1,64}$/, {
        message: 'must be 1 to 64 letters, digits, or . _ : - (e.g. kirana-shop2:)',
      })
      .default(REDIS_KEY_PREFIX),
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
  PAYMENTS: optionalText.pipe(
    z.enum(['razorpay', 'sandbox'], { message: 'must be razorpay or sandbox' }).optional(),
  ),
  RAZORPAY_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^rzp_(test|live)_\w+$/, {
        message: 'must be a Razorpay key id (rzp_test_… or rzp_live_…)',
      })
      .optional(),
  ),
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  PAYMENT_EXPIRY_MINUTES: wholeNumber(5, 1440, 30, 'minutes'),
  UNACCEPTED_ALERT_MINUTES: wholeNumber(1, 240, 5, 'minutes'),
  DELIVERY_PIN: optionalText.pipe(
    z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  ),
  PUBLIC_URL: optionalText.pipe(
    parsedText(
      parseOrigin,
      'must be an http:// or https:// URL with no path, e.g. https://shop.example.in',
    ).optional(),
  ),
  PUBLIC_ORIGINS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const entries = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const origins = entries.map(parseOrigin);
      const bad = entries.find((_, index) => !origins[index]);
      if (bad === undefined) return [...new Set(origins as string[])];
      ctx.issues.push({
        code: 'custom',
        input: text,
        message: `must be comma-separated origins such as https://app.example.in (no path): ${JSON.stringify(bad)} is not one`,
      });
      return z.NEVER;
    }),
  SIGN_UPS_PER_HOUR: wholeNumber(1, 1_000_000, 20),
  AGENT_LOGIN: optionalText.pipe(
    z.enum(['paired', 'phone'], { message: 'must be paired or phone' }).default('paired'),
  ),
  UPLOADS: optionalText.pipe(
    z.enum(['files', 'database'], { message: 'must be files or database' }).optional(),
  ),
  VAPID_PUBLIC_KEY: optionalText.pipe(vapidPublicKeySchema.optional()),
  VAPID_PRIVATE_KEY: optionalText.pipe(vapidPrivateKeySchema.optional()),
  VAPID_SUBJECT: optionalText.pipe(vapidSubjectSchema.optional()),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('')
    .pipe(
      parsedText(
        parsePushServiceHosts,
        'must be comma-separated host names or IP addresses, e.g. push.example.in',
      ),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BACKUP_DIR: optionalText,
  BACKUP_EVERY_HOURS: wholeNumber(0, 168, 6),
  BACKUP_KEEP: wholeNumber(1, 1000, 14),
});

/** A whole number (of `unit`) from `min` to `max`; unset or empty: `otherwise`. */
function wholeNumber(min: number, max: number, otherwise: number, unit?: string) {
  const message = `must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ message })
      .int({ message })
      .min(min, { message })
      .max(max, { message })
      .default(otherwise),
  );
}

/** Text as `parse` reads it; text it cannot read (null) is an issue saying what it `must` be. */
function parsedText<T>(parse: (text: string) => T | null, must: string) {
  return z.string().transform((text, ctx) => {
    const parsed = parse(text);
    if (parsed !== null) return parsed;
    ctx.issues.push({ code: 'custom', input: text, message: must });
    return z.NEVER;
  });
}

/** The variables as validated. */
export type EnvVars = z.infer<typeof envSchema>;
