import { createServer, type Server } from 'node:http';
import { DEFAULT_TIME_ZONE } from '@kirana/shared';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { startEmbeddedDatabase } from './db/embedded.js';
import { CacheInvalidations } from './lib/cache-invalidations.js';
import { SIGN_UP_LIMIT } from './lib/rate-limit.js';
import { openDatabase } from './db/orm.js';
import { seedDatabase } from './db/seed/index.js';
import { DomainEvents } from './lib/domain-events.js';
import type { Logger } from './lib/logger.js';
import { connectRedis } from './lib/redis.js';
import { startUnacceptedAlerts } from './modules/order/unaccepted-alerts.js';
import { startPaymentPoller } from './modules/payment/payment-poller.js';
import { paymentsProcessor } from './modules/payment/payments.processor.js';
import type { PushDeps } from './modules/push/push-sender.js';
import { pushProcessor } from './modules/push/push.processor.js';
import type { PaymentDeps, PaymentProvider } from './modules/payment/provider.js';
import { RazorpayProvider } from './modules/payment/razorpay.provider.js';
import { SandboxProvider } from './modules/payment/sandbox/sandbox.provider.js';
import { realtimeProcessor } from './modules/realtime/realtime.processor.js';
import { startRealtime, type Realtime } from './modules/realtime/realtime.server.js';
import { readShop } from './modules/shop/shop.service.js';
import { openImageStore } from './modules/upload/open-image-store.js';
import { shopBackups } from './shop-backups.js';

export interface RunningServer {
  port: number;
  /**
   * Stops taking connections, disconnects live sockets, lets in-flight requests (and the events
   * they published) finish, then closes the database.
   */
  close(): Promise<void>;
}

/** How long in-flight requests may take to finish at shutdown before their connections are cut. */
const DRAIN_MS = 10_000;

/**
 * Opens (and if needed starts) the database, migrates, seeds, starts the live updates, and
 * listens on `config.port`.
 * @throws DatabaseUnreachableError, Redis's connection error, or the listen error (EADDRINUSE …).
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir);
  const database = embedded
    ? { ...embedded, embedded: true }
    : { url: config.databaseUrl ?? '', embedded: false, close: async () => {} };
  try {
    const events = new DomainEvents(logger);
    // Backups are named on the shop's clock; the one before migrating, made before the settings
    // can be read, on the default's.
    let shopTimeZone = async () => DEFAULT_TIME_ZONE;
    const backups = shopBackups(
      config,
      embedded
        ? { kind: 'embedded', copyTo: embedded.copyTo }
        : { kind: 'server', url: database.url },
      logger,
      () => shopTimeZone(),
      events,
    );
    const orm = await openDatabase({
      url: database.url,
      embedded: database.embedded,
      // A migration that goes wrong must not take the shop's data with it.
      beforeMigrating: async (pending) => {
        logger.info({ migrations: pending }, 'backing up before the database is migrated');
        await backups.backUpNow();
      },
    });
    shopTimeZone = async () => (await readShop(orm.em.fork())).timeZone;
    const store = await openImageStore({
      uploads: config.uploads,
      dataDir: config.dataDir,
      orm,
      logger,
    });
    await seedDatabase(orm, {
      seller: config.seller,
      seedDemoData: config.seedDemoData,
      store,
      logger,
    });
    const readiness = { accepting: true };
    // The login throttles' counters: while Redis is down they fall back to memory at once.
    const redis = config.redisUrl
      ? await connectRedis(config.redisUrl, logger, { queueWhileDown: false })
      : undefined;
    // The in-memory caches (catalogue, sessions) forget on every instance what changed on one.
    const invalidations = config.redisUrl
      ? await CacheInvalidations.overRedis(config.redisUrl, logger, config.redisKeyPrefix)
      : new CacheInvalidations();
    const { provider: providerName, expiryMinutes, ...secrets } = config.payments;
    const provider: PaymentProvider =
      providerName === 'razorpay'
        ? new RazorpayProvider(secrets)
        : new SandboxProvider(orm, secrets, logger);
    const payments: PaymentDeps = { provider, events, logger, expiryMinutes };
    const push: PushDeps = { ...config.push, logger };
    // Listening first: PUBLIC_URL's default names the port actually taken (PORT=0: any free one).
    const server = createServer();
    server.on('close', () => logger.debug('http server closed'));
    try {
      await listen(server, config.port);
    } catch (error) {
      await redis?.close();
      await invalidations.close();
      throw error;
    }
    const port = (server.address() as AddressInfo).port;
    const localUrl = `http://localhost:${port}`;
    const { listener } = createApp({
      orm,
      events,
      redis,
      redisKeyPrefix: config.redisKeyPrefix,
      invalidations,
      logger,
      requestLogLevel: config.env === 'production' ? 'info' : 'debug',
      store,
      payments,
      push,
      sessionSecret: config.sessionSecret,
      trustProxy: config.trustProxy,
      agentLogin: config.agentLogin,
      deliveryPin: config.deliveryPin,
      publicUrl: config.publicUrl,
      localUrl,
      publicOrigins: config.publicOrigins,
      limits: { signUp: { ...SIGN_UP_LIMIT, points: config.signUpsPerHour } },
      readiness,
      backups,
    });
    // Before Socket.IO attaches, which hands the app every request not its own.
    server.on('request', listener);
    let realtime: Realtime;
    try {
      realtime = await startRealtime(server, {
        orm,
        keys: [config.sessionSecret],
        logger,
        redisUrl: config.redisUrl,
        redisKeyPrefix: config.redisKeyPrefix,
        trustProxy: config.trustProxy,
        publicUrl: config.publicUrl ?? localUrl,
        publicOrigins: config.publicOrigins,
      });
    } catch (error) {
      server.close();
      server.closeAllConnections();
      await redis?.close();
      await invalidations.close();
      throw error;
    }
    events.subscribe(realtimeProcessor(realtime, orm, config.publicUrl));
    events.subscribe(paymentsProcessor(orm, payments));
    const pushing = pushProcessor(orm, push);
    events.subscribe(pushing.listener);
    if (provider instanceof SandboxProvider)
      provider.deliverWebhooksTo(`http://127.0.0.1:${port}/api/payments/razorpay/webhook`);
    const poller = startPaymentPoller(orm, payments);
    const alerts = startUnacceptedAlerts(orm, events, logger, config.unacceptedAlertMinutes);
    const schedule = backups.startSchedule();
    logger.info(
      { provider: provider.name },
      provider.name === 'sandbox'
        ? 'online payments: the built-in sandbox (pretend payments, no money moves)'
        : 'online payments: Razorpay',
    );
    return {
      port,
      async close() {
        readiness.accepting = false;
        await poller.stop();
        await alerts.stop();
        await schedule.stop();
        // Webhooks under way still reach this server before it stops listening.
        if (provider instanceof SandboxProvider) await provider.close();
        const drained = drain(server);
        // Open sockets would otherwise hold the server open until the drain deadline.
        await realtime.close();
        await drained;
        // Alerts still waiting for a push service are dropped, not sent for minutes.
        pushing.stop();
        await events.settled();
        await redis?.close();
        await invalidations.close();
        await orm.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    // Idle keep-alive connections would otherwise hold the server open until they time out.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(force);
      clearInterval(idle);
      resolve();
    });
    server.closeIdleConnections();
  });
}
