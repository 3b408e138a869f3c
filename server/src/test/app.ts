import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NAMESPACES, SOCKET_PATH, type Area } from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CookieAccessInfo } from 'cookiejar';
import { io } from 'socket.io-client';
import supertest from 'supertest';
import { inject } from 'vitest';
import { createApp, routeTable, type Route } from '../app.js';
import { DATA_DIR_KEYS } from '../config.js';
import { Backups } from '../modules/backup/backups.js';
import type { DumpSource } from '../modules/backup/dump.js';
import type { AgentLogin } from '../config.js';
import { openDatabase } from '../db/orm.js';
import { CacheInvalidations } from '../lib/cache-invalidations.js';
import { DomainEvents } from '../lib/domain-events.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { connectRedis } from '../lib/redis.js';
import type { Limits } from '../lib/rate-limit.js';
import type { PaymentDeps } from '../modules/payment/provider.js';
import { paymentsProcessor } from '../modules/payment/payments.processor.js';
import { SandboxProvider } from '../modules/payment/sandbox/sandbox.provider.js';
import { readShop } from '../modules/shop/shop.service.js';
import type { PushDeps } from '../modules/push/push-sender.js';
import { pushProcessor } from '../modules/push/push.processor.js';
import { localVapidKeys } from '../modules/push/vapid-keys.js';
import { realtimeProcessor } from '../modules/realtime/realtime.processor.js';
import { startRealtime, type SocketLimits } from '../modules/realtime/realtime.server.js';
import { createDatabase } from './database.js';
import { DatabaseImageStore } from '../modules/upload/database-image-store.js';
import { LocalImageStore, type ImageStore } from '../modules/upload/image-store.js';
import type { TestSocket } from './sockets.js';

export type Browser = ReturnType<typeof supertest.agent>;

export interface TestApp {
  orm: MikroORM;
  /** The shop's backups, in DATA_DIR/backups (the newest 2 kept). */
  backups: Backups;
  store: ImageStore;
  events: DomainEvents;
  readiness: { accepting: boolean };
  /** Online payments through the sandbox, signing with {@link PAYMENT_SECRETS}. */
  payments: PaymentDeps;
  sandbox: SandboxProvider;
  /** Where the app listens, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Every route the app's routers serve, from their own tables. */
  routes: Route[];
  /** A client for one request; `agent()` keeps cookies across requests like a browser. */
  http(): ReturnType<typeof supertest>;
  agent(): Browser;
  /**
   * A Socket.IO client of `area`'s namespace carrying `browser`'s cookies (none: anonymous).
   * Not yet connected: attach listeners, then `connect()`.
   */
  socket(area: Area, browser?: Browser): TestSocket;
  close(): Promise<void>;
}

export const SESSION_SECRET = 'test-session-secret-of-at-least-32-chars';

/** The sandbox's keys in tests, so a test can sign (or forge) what the provider would send. */
export const PAYMENT_SECRETS = {
  keyId: 'rzp_test_kiranatests',
  keySecret: 'test-key-secret',
  webhookSecret: 'test-webhook-secret',
};

/** For supertest's `.parse()`: an answer's body as the bytes it sent. */
export const asBytes: Parameters<ReturnType<Browser['get']>['parse']>[0] = (response, done) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The Cookie header `browser` would send: its cookies, without letting an answer change them. */
export function cookieHeader(browser: Browser): string {
  return browser.jar
    .getCookies(CookieAccessInfo.All)
    .map((each) => each.toValueString())
    .join('; ');
}

/**
 * A Socket.IO client of `area`'s namespace on the server at `url`, carrying `browser`'s cookies
 * (none: anonymous), over WebSocket, not reconnecting. Not yet connected: attach listeners first.
 */
export function socketTo(url: string, area: Area, browser?: Browser): TestSocket {
  const cookie = browser && cookieHeader(browser);
  return io(`${url}${NAMESPACES[area]}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    autoConnect: false,
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
  });
}

/**
 * The real Koa app and its live updates, listening on a loopback port, on the run's database
 * with its own uploads folder. `redisUrl` shares live updates and login throttles with other
 * instances on it (under `redisKeyPrefix`).
 */
export async function createTestApp(
  options: {
    webRoot?: string;
    /** The storefront's server rendering (default: web/dist-ssr's, used with a built webRoot). */
    storefrontRenderer?: string;
    redisUrl?: string;
    redisKeyPrefix?: string;
    /** The sandbox sends its signed webhooks to this app, as in production (default: none). */
    sandboxWebhooks?: boolean;
    /** Web Push alerts are sent, to these push services besides the known (default: none sent). */
    push?: Pick<PushDeps, 'serviceHosts' | 'httpsAgent' | 'sendTimeoutMs'>;
    paymentExpiryMinutes?: number;
    /** DELIVERY_PIN: on (the default) or off. */
    deliveryPin?: boolean;
    /** AGENT_LOGIN: 'paired' (the default) or 'phone'. */
    agentLogin?: AgentLogin;
    /** A database of the test's own instead of the run's shared one (none else writes to it). */
    database?: { url: string; embedded: boolean };
    /** Take client addresses from X-Forwarded-For, so a test can speak from many addresses. */
    trustProxy?: boolean;
    /** Production's sign-in and sign-up limits by default, except that sign-ups are unlimited. */
    limits?: Partial<Limits>;
    /** PUBLIC_URL (default: where the app listens; null: unset, as without the variable). */
    publicUrl?: string | null;
    /** PUBLIC_ORIGINS (default: none). */
    publicOrigins?: string[];
    /** UPLOADS: pictures in a folder of the test's own (the default) or in the database. */
    uploads?: 'files' | 'database';
    /** The app's logger (default: silent, or at TEST_LOG_LEVEL), e.g. one a test reads. */
    logger?: Logger;
    /** DATA_DIR, whose uploads/ holds the pictures (default: a new temporary folder). */
    dataDir?: string;
    /** What the shop's backups dump (default: the app's database, with pg_dump). */
    backupSource?: DumpSource;
    /** Open connections one address, and all together, may hold (default: production's). */
    socketLimits?: SocketLimits;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? {
    url: inject('databaseUrl'),
    embedded: inject('databaseEmbedded'),
  };
  const orm = await openDatabase(database);
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kirana-test-')));
  const store =
    options.uploads === 'database'
      ? new DatabaseImageStore(orm)
      : new LocalImageStore(path.join(dataDir, 'uploads'));
  const readiness = { accepting: true };
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const events = new DomainEvents(logger);
  const backups = new Backups({
    source: options.backupSource ?? { kind: 'server', url: database.url },
    dir: path.join(dataDir, 'backups'),
    dataDir,
    keep: 2,
    keys: DATA_DIR_KEYS,
    timeZone: async () => (await readShop(orm.em.fork())).timeZone,
    everyHours: 0,
    logger,
    events,
  });
  const redis = options.redisUrl
    ? await connectRedis(options.redisUrl, logger, { queueWhileDown: false })
    : undefined;
  const invalidations = options.redisUrl
    ? await CacheInvalidations.overRedis(options.redisUrl, logger, options.redisKeyPrefix)
    : new CacheInvalidations();
  const sandbox = new SandboxProvider(orm, PAYMENT_SECRETS, logger);
  const payments: PaymentDeps = {
    provider: sandbox,
    events,
    logger,
    expiryMinutes: options.paymentExpiryMinutes ?? 30,
  };
  const push: PushDeps = {
    vapid: { ...localVapidKeys(dataDir), subject: 'mailto:tests@kirana.local' },
    serviceHosts: options.push?.serviceHosts ?? [],
    logger,
    ...(options.push?.httpsAgent && { httpsAgent: options.push.httpsAgent }),
    ...(options.push?.sendTimeoutMs && { sendTimeoutMs: options.push.sendTimeoutMs }),
  };
  // Listening first, so the app knows its own address (PUBLIC_URL's default).
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const publicUrl = options.publicUrl === null ? undefined : (options.publicUrl ?? url);
  const publicOrigins = options.publicOrigins ?? [];
  const { koa, listener } = createApp({
    orm,
    events,
    payments,
    push,
    redis,
    redisKeyPrefix: options.redisKeyPrefix,
    invalidations,
    store,
    readiness,
    backups,
    logger,
    sessionSecret: SESSION_SECRET,
    agentLogin: options.agentLogin ?? 'paired',
    deliveryPin: options.deliveryPin ?? true,
    trustProxy: options.trustProxy ?? false,
    // Every test file signs its shoppers up from 127.0.0.1.
    limits: options.limits ?? { signUp: { points: 1_000_000, duration: 60 } },
    webRoot: options.webRoot ?? path.join(dataDir, 'web'),
    storefrontRenderer: options.storefrontRenderer,
    publicUrl,
    localUrl: url,
    publicOrigins,
  });
  // Before Socket.IO attaches, which hands the app every request not its own.
  server.on('request', listener);
  const realtime = await startRealtime(server, {
    orm,
    keys: [SESSION_SECRET],
    logger,
    redisUrl: options.redisUrl,
    redisKeyPrefix: options.redisKeyPrefix,
    trustProxy: options.trustProxy ?? false,
    publicUrl: publicUrl ?? url,
    publicOrigins,
    socketLimits: options.socketLimits,
  });
  events.subscribe(realtimeProcessor(realtime, orm, publicUrl));
  events.subscribe(paymentsProcessor(orm, payments));
  if (options.push) events.subscribe(pushProcessor(orm, push).listener);
  if (options.sandboxWebhooks) sandbox.deliverWebhooksTo(`${url}/api/payments/razorpay/webhook`);
  const sockets: TestSocket[] = [];
  return {
    orm,
    backups,
    store,
    events,
    readiness,
    payments,
    sandbox,
    url,
    routes: routeTable(koa),
    http: () => supertest(url),
    agent: () => supertest.agent(url),
    socket(area, browser) {
      const socket = socketTo(url, area, browser);
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await sandbox.close();
      await realtime.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await events.settled();
      await redis?.close();
      await invalidations.close();
      await orm.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app on a new database of its own, which closing it drops: for a test file that changes
 * what the others rely on (the shop's settings) or reads all there is (every agent, every order).
 */
export async function createTestAppOfItsOwn(
  options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'database'> = {},
): Promise<TestApp> {
  const database = await createDatabase();
  const app = await createTestApp({ ...options, database });
  return {
    ...app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The options of instances of the app on the run's database that share the Redis at `redisUrl`
 * (live updates, login limits, cache invalidations) under a key prefix of their own: give each
 * instance the same.
 */
export const sharingRedis = (redisUrl: string | undefined) => ({
  redisUrl,
  redisKeyPrefix: `kirana-test-${randomUUID()}:`,
});

/** Two instances of the app sharing the Redis at `redisUrl` ({@link sharingRedis}). */
export async function createTestAppsSharingRedis(
  redisUrl: string | undefined,
): Promise<[TestApp, TestApp]> {
  const options = sharingRedis(redisUrl);
  return [await createTestApp(options), await createTestApp(options)];
}
