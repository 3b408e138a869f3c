import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import { pinoHttp } from 'pino-http';
import type { AppContext, AppState } from './lib/context.js';
import type { DomainEvents } from './lib/domain-events.js';
import { AppError, bodyParseError, errorHandler } from './lib/errors.js';
import type { Logger } from './lib/logger.js';
import type { RedisClient } from './lib/redis.js';
import { LoginThrottle } from './lib/rate-limit.js';
import { rejectNulCharacters } from './lib/text-input.js';
import { serveUploads, serveWebApp } from './lib/static.js';
import { healthRoutes, type Readiness } from './modules/health/health.routes.js';
import { addressRoutes } from './modules/address/address.routes.js';
import { agentRoutes } from './modules/agent/agent.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { orderRoutes } from './modules/order/order.routes.js';
import { paymentRoutes, paymentWebhookRoutes } from './modules/payment/payment.routes.js';
import type { PaymentDeps } from './modules/payment/payment.service.js';
import { sandboxRoutes } from './modules/payment/sandbox/sandbox.routes.js';
import { SandboxProvider } from './modules/payment/sandbox/sandbox.provider.js';
import { productRoutes } from './modules/product/product.routes.js';
import { sellerRoutes } from './modules/seller/seller.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import type { LocalImageStore } from './modules/upload/image-store.js';

export interface AppDependencies {
  orm: MikroORM;
  /** Where services publish what changed; the realtime module listens. */
  events: DomainEvents;
  /** Set (with REDIS_URL): login throttles are shared with the other instances. */
  redis?: RedisClient | undefined;
  /** Of the Redis keys; tests give each run its own. */
  redisKeyPrefix?: string;
  logger: Logger;
  store: LocalImageStore;
  /** Online payments: the provider (Razorpay or the sandbox) and what its services need. */
  payments: PaymentDeps;
  sessionSecret: string;
  /** Trust X-Forwarded-For / -Proto: only behind a proxy that sets them (else clients could). */
  trustProxy: boolean;
  readiness: Readiness;
  /** The built web app; defaults to web/dist beside this package. */
  webRoot?: string;
}

const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The Koa app: one error handler first, then logging, a request-scoped EntityManager, routes, files. */
export function createApp(deps: AppDependencies): Koa<AppState, AppContext> {
  const app = new Koa<AppState, AppContext>({
    keys: [deps.sessionSecret],
    proxy: deps.trustProxy,
    maxIpsCount: 1,
  });
  const logRequest = pinoHttp({
    logger: deps.logger,
    genReqId: (req, res) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });

  // What Koa sees outside the middleware chain, e.g. a file stream failing after its headers went:
  // into the log, never printed raw; a client that simply went away is not an error of ours.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (CLIENT_GONE.has(error.code ?? '')) return;
    deps.logger.error({ err: error }, 'response failed after it started');
  });
  app.use(async (ctx, next) => {
    logRequest(ctx.req, ctx.res);
    ctx.log = ctx.req.log;
    await next();
  });
  // Phones on a weak signal: JSON, HTML, JS and CSS leave compressed (images already are).
  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(errorHandler());
  app.use(async (ctx, next) => {
    ctx.em = deps.orm.em.fork();
    ctx.events = deps.events;
    await next();
  });
  // Before the body parser: the webhook's signature covers its raw bytes.
  const webhook = paymentWebhookRoutes(deps.payments);
  app.use(webhook.routes()).use(webhook.allowedMethods());
  app.use(
    koaBody({
      jsonLimit: '100kb',
      formLimit: '100kb',
      textLimit: '100kb',
      multipart: false,
      onError: (error) => {
        throw bodyParseError(error);
      },
    }),
  );

  app.use(rejectNulCharacters());

  const throttle = (name: string) =>
    new LoginThrottle({ name, redis: deps.redis, keyPrefix: deps.redisKeyPrefix });

  const routers = [
    healthRoutes(deps.orm, deps.readiness),
    productRoutes(deps.store),
    userRoutes(throttle('user')),
    sellerRoutes(throttle('seller')),
    agentRoutes(throttle('agent'), deps.payments),
    cartRoutes(),
    addressRoutes(),
    orderRoutes(deps.payments),
    paymentRoutes(deps.payments),
    ...(deps.payments.provider instanceof SandboxProvider
      ? [sandboxRoutes(deps.payments.provider)]
      : []),
  ];
  for (const router of routers) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/'))
      throw new AppError('notFound', `No such endpoint: ${ctx.method} ${ctx.path}`);
    await next();
  });
  app.use(serveUploads(deps.store.root));
  app.use(serveWebApp(deps.webRoot ?? WEB_DIST));

  return app;
}
