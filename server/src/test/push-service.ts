/**
 * A push service for the Web Push tests, and browsers subscribing to it: what the server sends
 * is received, kept and decrypted as a phone's browser would.
 */
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { Agent as HttpsAgent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { PushAlert } from '@kirana/shared';
import { generate } from 'selfsigned';
import { createTestAppOfItsOwn, type TestApp } from './app.js';
import { madeBeforeAll } from './fixtures.js';

/** web-push's own decryption (RFC 8188), as a phone's browser decrypts what it receives. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
};

/** One POST the local push service received. */
export interface Delivered {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** What an endpoint's push service does with a message: by the first part of its path. */
export type PushServiceKind = 'ok' | 'gone' | 'broken' | 'silent';

/**
 * A push service on 127.0.0.1 over HTTPS (its certificate made for the test), as FCM or
 * Mozilla's would be: it keeps every message; an endpoint under /gone/ answers 410 Gone, one
 * under /broken/ 500, and one under /silent/ never answers (the request stays open until the
 * sender gives up). `inFlight` counts the requests open now, `mostInFlight` the most at once.
 */
export async function startPushService() {
  const { private: key, cert } = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const delivered: Delivered[] = [];
  const requests = { inFlight: 0, mostInFlight: 0 };
  const server: Server = createServer({ key, cert }, (req, res) => {
    requests.inFlight += 1;
    requests.mostInFlight = Math.max(requests.mostInFlight, requests.inFlight);
    res.on('close', () => (requests.inFlight -= 1));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      delivered.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      if (path.startsWith('/silent/')) return;
      res.statusCode = path.startsWith('/gone/') ? 410 : path.startsWith('/broken/') ? 500 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    delivered,
    /** The requests open now. */
    get inFlight() {
      return requests.inFlight;
    },
    /** The most requests open at once so far. */
    get mostInFlight() {
      return requests.mostInFlight;
    },
    /** Trusts this service's certificate, as Node trusts the real services' by default. */
    httpsAgent: new HttpsAgent({ ca: cert }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The silent endpoints' requests would hold it open.
        server.closeAllConnections();
      }),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * For the describe's tests: the app on a database of its own (every on-duty agent's phone and
 * every shopper's browser there is one of the test's), sending its Web Push to a push service of
 * its own on 127.0.0.1 (given up on after `sendTimeoutMs`, when given); both closed after them.
 */
export function usePushStore({
  sendTimeoutMs,
  ...options
}: Omit<NonNullable<Parameters<typeof createTestAppOfItsOwn>[0]>, 'push'> & {
  sendTimeoutMs?: number;
} = {}): { app: TestApp; service: PushService } {
  const service = madeBeforeAll(startPushService, (made) => made.close());
  const app = madeBeforeAll(
    () =>
      createTestAppOfItsOwn({
        ...options,
        push: {
          serviceHosts: ['127.0.0.1'],
          httpsAgent: service.httpsAgent,
          ...(sendTimeoutMs && { sendTimeoutMs }),
        },
      }),
    (made) => made.close(),
  );
  return { app, service };
}

/**
 * Subscriptions every subscribe route refuses, each `valid` spoilt one way, with the 400's message.
 */
export function spoiltSubscriptions(valid: ReturnType<typeof phoneSubscription>['body']) {
  return [
    [{ keys: valid.keys }, 'endpoint is required'],
    [
      { ...valid, endpoint: valid.endpoint.replace('https:', 'http:') },
      'endpoint must be an https:// URL of a push service',
    ],
    [
      { ...valid, endpoint: 'https://192.168.1.1/admin' },
      'endpoint must be the address of a known push service',
    ],
    [{ endpoint: valid.endpoint }, 'keys must be an object with p256dh and auth'],
    // The right length, but no point on the curve.
    [
      { ...valid, keys: { ...valid.keys, p256dh: `B${'A'.repeat(86)}` } },
      'keys.p256dh must be a P-256 public key (65 bytes, base64url)',
    ],
    [{ ...valid, keys: { p256dh: valid.keys.p256dh } }, 'keys.auth must be 16 bytes, base64url'],
  ] as const;
}

/** A phone's browser subscribing: its own P-256 key pair and 16-byte auth secret. */
export function phoneSubscription(service: PushService, kind: PushServiceKind = 'ok') {
  const keyPair = createECDH('prime256v1');
  keyPair.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const endpoint = `${service.origin}/${kind}/${randomUUID()}`;
  return {
    keyPair,
    body: { endpoint, keys: { p256dh: keyPair.getPublicKey().toString('base64url'), auth } },
    path: new URL(endpoint).pathname,
    /** What the phone's browser hands its service worker: the decrypted message. */
    open(message: Delivered): PushAlert {
      const plain = ece.decrypt(message.body, {
        version: 'aes128gcm',
        privateKey: keyPair,
        authSecret: auth,
      });
      return JSON.parse(plain.toString('utf8')) as PushAlert;
    },
  };
}
