import type { RequestListener } from 'node:http';
import { constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOrigin } from '@kirana/shared';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import { networkUrls } from './banner.js';
import type { AgentLogin } from './config.js';
import { CacheInvalidations, invalidationsOf } from './lib/cache-invalidations.js';
import { cookieKeys } from './lib/cookie-keys.js';
import type { AppContext, AppState } from './lib/context.js';
import type { DomainEvents } from './lib/domain-events.js';
import { corsForPublicOrigins } from './lib/cors.js';
import { refuseCrossSiteRequests, requireJsonBodies } from './lib/cross-site.js';
import { AppError, bodyParseError, errorHandler, isClientGone } from './lib/errors.js';
import type { Logger } from './lib/logger.js';
import type { RedisClient } from './lib/redis.js';
import {
  AddressLimit,
  LoginThrottle,
  SEARCH_LIMIT,
  warnOfUntrustedProxy,
  type Limits,
} from './lib/rate-limit.js';
import { anotherSite } from './lib/origins.js';
import { securityHeaderLists, securityHeaders } from './lib/security-headers.js';
import { requestLines, requestLog, type RequestLogLevel } from './lib/request-log.js';
import { rejectUnsafeInput } from './lib/text-input.js';
import { serveWebApp } from './lib/static.js';
import { serveUploads } from './modules/upload/serve-uploads.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import type { Backups } from './modules/backup/backups.js';
import { healthRoutes, type Readiness } from './modules/health/health.routes.js';
import { addressRoutes } from './modules/address/address.routes.js';
import { agentRoutes } from './modules/agent/agent.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { cashRoutes } from './modules/cash/cash.routes.js';
import { counterRoutes } from './modules/counter/counter.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { gstRoutes } from './modules/gst/gst.routes.js';
import { invoiceRoutes } from './modules/gst/invoice.routes.js';
import { khataRoutes } from './modules/khata/khata.routes.js';
import { agentOrderRoutes } from './modules/order/agent-orders.routes.js';
import { keptShopSettings } from './modules/order/kept-shop.js';
import { orderRoutes } from './modules/order/order.routes.js';
import { khataOrderRoutes } from './modules/khata/khata-orders.routes.js';
import { checkoutRoutes } from './modules/payment/checkout.routes.js';
import { khataPayRoutes } from './modules/payment/khata-pay.routes.js';
import { khataMineRoutes } from './modules/khata/khata-mine.routes.js';
import { collectionRoutes } from './modules/payment/collection.routes.js';
import { paymentRoutes, paymentWebhookRoutes } from './modules/payment/payment.routes.js';
import type { PaymentDeps } from './modules/payment/provider.js';
import { sandboxRoutes } from './modules/payment/sandbox/sandbox.routes.js';
import { SandboxProvider } from './modules/payment/sandbox/sandbox.provider.js';
import { Catalogue } from './modules/product/catalogue.js';
import { catalogueLane } from './modules/product/catalogue-lane.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { catalogueRoutes, productRoutes } from './modules/product/product.routes.js';
import type { PushDeps } from './modules/push/push-sender.js';
import { pushRoutes, shopperPushRoutes } from './modules/push/push.routes.js';
import { SessionCache } from './modules/session/session-cache.js';
import { sellerRoutes } from './modules/seller/seller.routes.js';
import { serveStorefrontPages } from './modules/storefront/storefront-pages.js';
import { storefrontRoutes } from './modules/storefront/storefront.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import type { ImageStore } from './modules/upload/image-store.js';
import { routeTakesUpload } from './modules/upload/upload.js';
import { agentHooks, cancellationSteps, statusSteps } from './wiring.js';

export interface AppDependencies {
  orm: MikroORM;
  /** Where services publish what changed; the realtime module listens. */
  events: DomainEvents;
  /** Set (with REDIS_URL): login throttles are shared with the other instances. */
  redis?: RedisClient | undefined;
  /**
   * What the in-memory caches (catalogue, sessions) must forget; over Redis (with REDIS_URL) it
   * reaches every instance. Default: this instance's alone.
   */
  invalidations?: CacheInvalidations;
  /** Begins the login limits' Redis keys (REDIS_KEY_PREFIX; default `kirana:`). */
  redisKeyPrefix?: string;
  /** Sign-in and sign-up limits; the defaults are production's. */
  limits?: Partial<Limits>;
  logger: Logger;
  /** Of the request log's lines; default `info`. */
  requestLogLevel?: RequestLogLevel;
  store: ImageStore;
  /** DELIVERY_PIN: new orders are delivered only with their shopper's PIN; default on. */
  deliveryPin?: boolean;
  /** How agents sign in (AGENT_LOGIN); default 'paired': only on a phone the shop paired. */
  agentLogin?: AgentLogin;
  /** Online payments: the provider (Razorpay or the sandbox) and what its services need. */
  payments: PaymentDeps;
  /** Web Push to agents' phones and shoppers' browsers: the VAPID keys and the push services allowed. */
  push: Pick<PushDeps, 'vapid' | 'serviceHosts'>;
  sessionSecret: string;
  /** Trust X-Forwarded-For / -Proto: only behind a proxy that sets them (else clients could). */
  trustProxy: boolean;
  /**
   * This server's origin as browsers reach it (PUBLIC_URL); images are answered under it. Unset:
   * each request's own origin when it names this machine, so a phone on the shop's network gets
   * pictures it can load; `localUrl` for any other Host header.
   */
  publicUrl: string | undefined;
  /** Where this server listens on this machine (http://localhost:PORT): the last resort. */
  localUrl: string;
  /** Other origins whose pages may call the API with credentials (PUBLIC_ORIGINS). */
  publicOrigins: readonly string[];
  readiness: Readiness;
  /** The shop's backups (BACKUP_DIR), which the seller reads, makes and downloads. */
  backups: Backups;
  /** The built web app; defaults to web/dist beside this package. */
  webRoot?: string;
  /** The storefront's server rendering; defaults to web/dist-ssr/entry-server.js. */
  storefrontRenderer?: string;
}

const FORKED_EM = Symbol('request EntityManager');

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const WEB_RENDERER = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));

export interface App {
  /** The Koa app: logging, security headers, one error handler, routes, files. */
  koa: Koa<AppState, AppContext>;
  /** What node:http calls for each request: the catalogue's lane, then the Koa app. */
  listener: RequestListener;
}

/** The app: the catalogue's lane ahead of the Koa app, which answers everything else. */
export function createApp(deps: AppDependencies): App {
  const app = new Koa<AppState, AppContext>({ proxy: deps.trustProxy, maxIpsCount: 1 });
  app.keys = cookieKeys([deps.sessionSecret]);
  const addressedOrigin = addressedOrigins(deps);
  Object.defineProperty(app.context, 'publicUrl', {
    get(this: AppContext) {
      return deps.publicUrl ?? addressedOrigin(this.protocol, this.host);
    },
  });
  app.context.publicOrigins = deps.publicOrigins;
  app.context.deliveryPin = deps.deliveryPin ?? true;
  app.context.crossSiteCookies = anotherSite(deps.publicUrl ?? deps.localUrl, deps.publicOrigins);
  const invalidations = deps.invalidations ?? new CacheInvalidations();
  app.context.catalogue = Catalogue.of(deps.orm, invalidations);
  app.context.sessions = new SessionCache(invalidations);
  app.context.shopSettings = keptShopSettings(deps.orm, invalidations);
  app.context.events = deps.events;
  // A request's own EntityManager, forked when first used: answers from memory (the catalogue,
  // files) never need one.
  Object.defineProperty(app.context, 'em', {
    get(this: AppContext & { [FORKED_EM]?: EntityManager }) {
      return (this[FORKED_EM] ??= deps.orm.em.fork());
    },
  });
  // Every committed change that a cache holds reaches every instance's caches.
  deps.events.subscribe((event) => {
    for (const invalidation of invalidationsOf(event)) invalidations.publish(invalidation);
  });

  // What Koa sees outside the middleware chain, e.g. a file stream failing after its headers went:
  // into the log, never printed raw; a client that simply went away is not an error of ours.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (isClientGone(error)) {
      deps.logger.debug({ code: error.code }, 'the client went away mid-request');
      return;
    }
    deps.logger.error({ err: error }, 'response failed after it started');
  });
  app.use(
    requestLog(deps.logger, {
      quiet: (path) => path === '/healthz' || path === '/readyz',
      level: deps.requestLogLevel,
    }),
  );
  if (!deps.trustProxy) app.use(warnOfUntrustedProxy(deps.logger));
  const security = securityHeaderLists({
    publicUrl: deps.publicUrl,
    publicOrigins: deps.publicOrigins,
    paymentProvider: deps.payments.provider.name,
  });
  app.use(securityHeaders(security));
  // Phones on a weak signal: JSON, HTML, JS and CSS leave compressed (images already are).
  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(errorHandler());
  app.use(corsForPublicOrigins(deps.publicOrigins));
  app.use(refuseCrossSiteRequests());
  // The catalogue for what its lane leaves (a request with an Origin, or behind a proxy), from
  // memory, ahead of what only requests with a body need.
  const catalogue = catalogueRoutes();
  app.use(catalogue.routes()).use(catalogue.allowedMethods());
  // Before the body parser: the webhook's signature covers its raw bytes.
  const webhook = paymentWebhookRoutes(deps.payments);
  app.use(webhook.routes()).use(webhook.allowedMethods());
  // Uploads are read by their routes' own parser; every other body must be JSON.
  app.use(requireJsonBodies((ctx) => routeTakesUpload(routers, ctx.method, ctx.path)));
  app.use(
    koaBody({
      json: true,
      urlencoded: false,
      text: false,
      multipart: false,
      jsonLimit: '100kb',
      onError: (error) => {
        throw bodyParseError(error);
      },
    }),
  );

  app.use(rejectUnsafeInput());

  const limits = (name: string) => ({ name, redis: deps.redis, keyPrefix: deps.redisKeyPrefix });
  const throttle = (name: string) => new LoginThrottle(limits(name), deps.limits?.login);
  const signUpLimit = new AddressLimit(
    limits('sign-up'),
    'Too many accounts created from this address.',
    deps.limits?.signUp,
  );
  const searchLimit = new AddressLimit(
    limits('search'),
    'Too many searches from this address.',
    deps.limits?.search ?? SEARCH_LIMIT,
    { sparesThisMachine: true },
  );

  const routers = [
    healthRoutes(deps.orm, deps.readiness),
    backupRoutes(deps.backups),
    productRoutes(deps.store, searchLimit),
    categoryRoutes(deps.store),
    shopRoutes(),
    userRoutes(throttle('user'), signUpLimit),
    sellerRoutes(throttle('seller')),
    pushRoutes(deps.push),
    shopperPushRoutes(deps.push),
    agentRoutes({
      loginThrottle: throttle('agent'),
      pairThrottle: throttle('agent-pair'),
      agentLogin: deps.agentLogin ?? 'paired',
      hooks: agentHooks,
    }),
    agentOrderRoutes(statusSteps),
    collectionRoutes(deps.payments),
    cashRoutes(),
    counterRoutes(),
    khataRoutes(),
    dashboardRoutes(),
    gstRoutes(),
    cartRoutes(),
    storefrontRoutes(),
    addressRoutes(),
    orderRoutes(cancellationSteps),
    invoiceRoutes(),
    khataOrderRoutes(),
    checkoutRoutes(deps.payments),
    khataMineRoutes(),
    khataPayRoutes(deps.payments),
    paymentRoutes(deps.payments),
    ...(deps.payments.provider instanceof SandboxProvider
      ? [sandboxRoutes(deps.payments.provider)]
      : []),
  ];
  for (const router of routers) {
    app.use(routesUnder(router)).use(router.allowedMethods());
  }
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/'))
      throw new AppError('NOT_FOUND', `No such endpoint: ${ctx.method} ${ctx.path}`);
    await next();
  });
  app.use(serveUploads(deps.store));
  const webRoot = deps.webRoot ?? WEB_DIST;
  app.use(
    serveStorefrontPages(
      {
        template: path.join(webRoot, 'index.html'),
        renderer: deps.storefrontRenderer ?? WEB_RENDERER,
      },
      searchLimit,
    ),
  );
  app.use(serveWebApp(webRoot));

  const listener = catalogueLane(app.callback(), {
    catalogue: app.context.catalogue,
    // Behind a proxy the origin is in its forwarded headers, which Koa reads.
    originOf: (req) =>
      deps.publicUrl ?? (deps.trustProxy ? null : addressedOrigin('http', req.headers.host ?? '')),
    securityHeaders: security.data,
    logLine: requestLines(deps.logger, deps.requestLogLevel),
  });
  return { koa: app, listener };
}

/**
 * `router.routes()`, passed by outright for a path outside the router's prefix, where none of its
 * routes can match: the router would read the Host header and test each of its routes first, in
 * each of the app's thirty routers on every request (3 % of the CPU of placing an order,
 * bench/orders.mjs). It leaves what a router that matched nothing leaves for the routers'
 * allowedMethods: `ctx.matched`, empty when nothing matched before. Like the routers' own, the
 * comparison ignores case; a router without a prefix always runs.
 */
function routesUnder(router: Router<AppState, AppContext>) {
  const routes = router.routes();
  const prefix = router.opts.prefix?.toLowerCase();
  if (!prefix || router.opts.sensitive) return routes;
  const passing: typeof routes = (ctx, next) => {
    if (ctx.path.toLowerCase().startsWith(prefix)) return routes(ctx, next);
    (ctx as { matched?: unknown[] }).matched ??= [];
    return next();
  };
  // The router, as its own middleware names it (routeTable reads the app's routes from it).
  passing.router = router;
  return passing;
}

/**
 * The origin a request is answered under while PUBLIC_URL is unset: the one it was addressed to
 * when that names this server on its port (localhost, the loopback addresses, this machine's
 * addresses on the shop's network, which phones open) or a PUBLIC_ORIGINS host; else `localUrl`.
 * Any other Host header would have pictures answered under its sender's name, and cost the
 * catalogue a snapshot (and the storefront its pages) of its own. The fixed names are read once;
 * the machine's addresses at each request, as it may join another network meanwhile.
 */
function addressedOrigins(
  server: Pick<AppDependencies, 'localUrl' | 'publicOrigins'>,
): (protocol: string, host: string) => string {
  const port = Number(new URL(server.localUrl).port || 80);
  const hostOf = (url: string) => new URL(url).host;
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${port}`);
  const fixed = new Set([server.localUrl, ...server.publicOrigins, ...loopback].map(hostOf));
  return (protocol, host) => {
    const origin = parseOrigin(`${protocol}://${host}`);
    if (!origin) return server.localUrl;
    // An origin is its scheme, `//` and the host of its URL.
    const addressed = origin.slice(origin.indexOf('//') + 2);
    const own = fixed.has(addressed) || networkUrls(port).some((url) => hostOf(url) === addressed);
    return own ? origin : server.localUrl;
  };
}

/** One route the app serves, as its router declares it: `PUT /api/agents/status/:orderId`. */
export interface Route {
  method: string;
  path: string;
}

/**
 * Every route of the routers mounted on `app`, read from the routers' own tables, so that a test
 * can hold each against its expectations; the HEAD the router adds beside each GET is left out.
 */
export function routeTable(app: Koa<AppState, AppContext>): Route[] {
  return app.middleware.flatMap((middleware) => {
    const { router } = middleware as { router?: Router<AppState, AppContext> };
    return (router?.stack ?? []).flatMap(({ methods, path }) =>
      typeof path === 'string'
        ? methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path }))
        : [],
    );
  });
}
