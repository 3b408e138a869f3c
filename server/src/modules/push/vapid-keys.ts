/**
 * The VAPID keys the server signs its push messages with (RFC 8292): the public key is each
 * phone's `applicationServerKey`, so a subscription works only with the pair it was made for.
 * From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once into the data folder.
 */
import { createECDH } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

export interface VapidKeys {
  /** An uncompressed P-256 point, base64url (87 characters). */
  publicKey: string;
  /** A P-256 private key, base64url (43 characters). */
  privateKey: string;
}

/** The keys and whom the push services may contact about them (a mailto: or https: URL). */
export interface VapidDetails extends VapidKeys {
  subject: string;
}

/** The file the generated keys are kept in, beside the generated secrets. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

export const vapidPublicKeySchema = z.string().regex(/^B[\w-]{86}=?$/, {
  message:
    'must be a VAPID public key: 65 bytes in base64url (87 characters), as `npx web-push generate-vapid-keys` prints it',
});
export const vapidPrivateKeySchema = z.string().regex(/^[\w-]{43}=?$/, {
  message: 'must be a VAPID private key: 32 bytes in base64url (43 characters)',
});
export const vapidSubjectSchema = z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, {
  message: 'must be a mailto: address or an https:// URL, e.g. mailto:owner@shop.example.in',
});

/** Whether `publicKey` is the public half of `privateKey`. */
export function vapidKeysMatch({ publicKey, privateKey }: VapidKeys): boolean {
  const curve = createECDH('prime256v1');
  try {
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    return false;
  }
  return curve.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
}

function storedKeys(file: string): VapidKeys | null {
  if (!existsSync(file)) return null;
  try {
    const keys = z
      .object({ publicKey: vapidPublicKeySchema, privateKey: vapidPrivateKeySchema })
      .parse(JSON.parse(readFileSync(file, 'utf8')));
    return vapidKeysMatch(keys) ? keys : null;
  } catch {
    return null;
  }
}

/**
 * The keys generated once into `dataDir` (mode 0600), so that the phones' subscriptions outlive
 * a restart; a missing, unreadable or damaged file is replaced with a new pair (the phones then
 * subscribe again when their app next opens).
 */
export function localVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const stored = storedKeys(file);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
  // A damaged file replaced keeps its old mode otherwise.
  chmodSync(file, 0o600);
  return { publicKey, privateKey };
}
