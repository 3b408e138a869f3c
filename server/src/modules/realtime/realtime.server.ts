/**
 * Socket.IO on the Koa server's HTTP server: one namespace per area (`@kirana/shared`
 * NAMESPACES), each authenticated with its own session cookie, each socket joined to the rooms
 * of its session. What is sent where is decided in realtime.processor.ts.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import {
  NAMESPACES,
  ROOMS,
  SOCKET_PATH,
  type AgentEvents,
  type Area,
  type ClientToServerEvents,
  type SellerEvents,
  type ShopEvents,
} from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { Server, type BroadcastOperator, type Namespace, type Socket } from 'socket.io';
import { handshakeSession, NOT_SIGNED_IN, type SocketSession } from '../session/auth.js';
import type { Logger } from '../../lib/logger.js';
import { trustedOrigin } from '../../lib/origins.js';
import { isThisMachine, limitedAddress } from '../../lib/rate-limit.js';
import { connectRedis, REDIS_KEY_PREFIX, type RedisClient } from '../../lib/redis.js';
import type { SessionKind } from '../../lib/session-kinds.js';
import { sessionExpiry } from '../session/session.service.js';

export interface SocketData {
  /** Null for an anonymous storefront visitor. */
  session: SocketSession | null;
}

type AreaNamespace<Events extends ShopEvents | SellerEvents | AgentEvents> = Namespace<
  ClientToServerEvents,
  Events,
  Record<string, never>,
  SocketData
>;

export interface Realtime {
  shop: AreaNamespace<ShopEvents>;
  seller: AreaNamespace<SellerEvents>;
  agents: AreaNamespace<AgentEvents>;
  /** The namespace whose sockets authenticate with sessions of `kind`. */
  of(kind: SessionKind): AreaNamespace<ShopEvents | SellerEvents | AgentEvents>;
  /**
   * `namespace.to(room)`, or undefined when no socket can be in `room`: none of this instance's,
   * and no other instance shares its rooms (without Redis). An emit through `?.` to nobody then
   * neither presents nor encodes what it would have sent.
   */
  listening: <Events extends ShopEvents | SellerEvents | AgentEvents>(
    namespace: AreaNamespace<Events>,
    room: string,
  ) => BroadcastOperator<Events, SocketData> | undefined;
  /** Closes this instance's connections and its Redis clients (not the HTTP server). */
  close(): Promise<void>;
}

export interface RealtimeOptions {
  orm: MikroORM;
  /** The keys that sign the session cookies (the Koa app's). */
  keys: string[];
  logger: Logger;
  /** Set: share rooms and emits with every other instance through this Redis. */
  redisUrl?: string | undefined;
  /** Begins the adapter's channels in that Redis (default `kirana:`), so shops can share one. */
  redisKeyPrefix?: string | undefined;
  /** Behind a trusted proxy, the origin check reads X-Forwarded-Host. */
  trustProxy: boolean;
  /** This server's origin as browsers reach it (PUBLIC_URL). */
  publicUrl: string;
  /** Other origins whose pages may open sockets with the session cookies (PUBLIC_ORIGINS). */
  publicOrigins: readonly string[];
  /** Open connections one client address, and all together, may hold (default SOCKET_LIMITS). */
  socketLimits?: SocketLimits | undefined;
}

export interface SocketLimits {
  perAddress: number;
  total: number;
}

/**
 * One shop's Wi-Fi shares one public address among the counter, the agents' phones and the
 * shoppers in the shop: 50 is far above that. The total stays well below the usual file
 * descriptor limit (`ulimit -n`, often 65,536), leaving room for HTTP requests and the database.
 */
export const SOCKET_LIMITS: SocketLimits = { perAddress: 50, total: 10_000 };

/** What a refused client is told; engine.io answers the handshake with 403 and this message. */
export const TOO_MANY_SOCKETS = 'TOO_MANY_SOCKETS';

const AREA_SESSION: Record<Area, SessionKind> = { shop: 'user', seller: 'seller', agents: 'agent' };

/**
 * A socket re-checks its session at least this often, and again when the session would expire:
 * the backstop for a revocation whose message was lost (e.g. during a Redis outage).
 */
const SESSION_RECHECK_MS = 10 * 60 * 1000;

/** The room of one session's sockets, so a logout disconnects exactly them. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/**
 * The room holding every socket of one account in its area's namespace.
 */
export function accountRoom(kind: SessionKind, subjectId: string): string {
  switch (kind) {
    case 'user':
      return ROOMS.user(subjectId);
    case 'seller':
      return ROOMS.seller;
    case 'agent':
      return ROOMS.agent(subjectId);
  }
}

/** The rooms a socket of `area` with `session` joins; a storefront visitor joins none. */
function roomsOf(area: Area, session: SocketSession): string[] {
  const rooms = [
    sessionRoom(session.tokenHash),
    accountRoom(AREA_SESSION[area], session.subjectId),
  ];
  return area === 'agents' ? [...rooms, ROOMS.agents] : rooms;
}

/**
 * A browser may only open a socket from the server's own origin or a PUBLIC_ORIGINS entry (this
 * stops another site's page from listening in with the visitor's cookies). Clients that send
 * no Origin, such as the desktop app's main process or tests, are not browsers' pages.
 */
function allowedOrigin(request: IncomingMessage, options: RealtimeOptions): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const forwarded = options.trustProxy ? request.headers['x-forwarded-host'] : undefined;
  const host =
    (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) ??
    request.headers.host;
  return trustedOrigin(origin, { ...options, host });
}

/** What the engine's `connection` event gives (engine.io's Socket, not a direct dependency). */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): void;
}

/** The client's address as the HTTP side reads it (Koa with `maxIpsCount: 1`). */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const last = typeof forwarded === 'string' ? forwarded.split(',').at(-1)?.trim() : undefined;
  return last || (request.socket.remoteAddress ?? '');
}

/**
 * Counts open engine connections (one carries every namespace a client joins) by client
 * address, so a flood of sockets cannot use up the file descriptors HTTP and the database need.
 */
function connectionCounter(limits: SocketLimits, trustProxy: boolean) {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    /** Whether a new connection from `request`'s address is within the limits. */
    allows(request: IncomingMessage): boolean {
      const address = clientAddress(request, trustProxy);
      if (total >= limits.total) return false;
      return (
        isThisMachine(address) || (byAddress.get(limitedAddress(address)) ?? 0) < limits.perAddress
      );
    },
    /** Counts `request`'s connection until the function it returns is called. */
    open(request: IncomingMessage): () => void {
      const address = limitedAddress(clientAddress(request, trustProxy));
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      total += 1;
      return () => {
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}

/** The first Redis major version with sharded pub/sub (SPUBLISH), which the adapter uses. */
const SHARDED_PUBSUB_REDIS = 7;

/**
 * Fails start-up on a Redis older than 7: it would refuse every SPUBLISH, and instances would
 * silently stop hearing each other's emits.
 * @throws Error naming the version found.
 */
export async function requireShardedPubSub(client: Pick<RedisClient, 'info'>): Promise<void> {
  const version = /^redis_version:(\S+)/m.exec(await client.info('server'))?.[1] ?? 'unknown';
  if (!(Number.parseInt(version, 10) >= SHARDED_PUBSUB_REDIS)) {
    throw new Error(
      `REDIS_URL: live updates between instances need Redis ${SHARDED_PUBSUB_REDIS} or newer ` +
        `(sharded pub/sub); this one is ${version}`,
    );
  }
}

/**
 * `client` as the sharded adapter publishes through it, except that while Redis is down a publish
 * answers at once and waits in the client's queue: the adapter writes to this instance's own
 * sockets only once its publish answered, and they must not wait for Redis to come back.
 */
function publisherOf(client: RedisClient) {
  return {
    // The adapter tells node-redis from ioredis by this method; it never subscribes here.
    sSubscribe: client.sSubscribe.bind(client),
    sendCommand: client.sendCommand.bind(client),
    sPublish(channel: string, message: Buffer | string): Promise<number> {
      const published = client.sPublish(channel, message);
      if (client.isReady) return published;
      published.catch(() => undefined);
      return Promise.resolve(0);
    },
  };
}

/**
 * Starts Socket.IO on `httpServer` at `/socket.io`.
 * @throws when `redis` is set and its subscriber connection cannot be made, or it is older
 *   than Redis 7.
 */
export async function startRealtime(
  httpServer: HttpServer,
  options: RealtimeOptions,
): Promise<Realtime> {
  // Publishes wait out a Redis outage rather than fail: they reach the others once it is back.
  const { redisUrl, logger } = options;
  const connect = (url: string) => connectRedis(url, logger, { queueWhileDown: true });
  const redis = redisUrl ? await Promise.all([connect(redisUrl), connect(redisUrl)]) : undefined;
  if (redis) {
    await requireShardedPubSub(redis[0]).catch(async (error: unknown) => {
      await Promise.allSettled(redis.map((client) => client.close()));
      throw error;
    });
  }
  const connections = connectionCounter(options.socketLimits ?? SOCKET_LIMITS, options.trustProxy);
  const io = new Server<ClientToServerEvents, ShopEvents, Record<string, never>, SocketData>(
    httpServer,
    {
      path: SOCKET_PATH,
      serveClient: false,
      // Clients only listen: a message from one is never more than a few bytes.
      maxHttpBufferSize: 10_000,
      // An event is one order (a few hundred bytes): deflating it for each socket would cost
      // more time than the bytes saved (engine.io's default, said here so it stays so).
      perMessageDeflate: false,
      // Only asked for a new connection, before a WebSocket upgrade: the cheapest refusal.
      allowRequest: (request, callback) => {
        if (!allowedOrigin(request, options)) return callback(null, false);
        if (!connections.allows(request)) return callback(TOO_MANY_SOCKETS, false);
        callback(null, true);
      },
      // Long polling from another origin's page is a CORS request; only the listed ones may.
      cors: { origin: [...options.publicOrigins], credentials: true },
      ...(redis && {
        // Sharded pub/sub: an emit is published first, then written to this instance's own
        // sockets, so the other instances start at once rather than after this one's writes
        // (docs/live-updates.md#several-instances). One channel a namespace ('static'): a
        // channel a room would mean a subscription for every session's room.
        adapter: createShardedAdapter(publisherOf(redis[0]), redis[1], {
          channelPrefix: `${options.redisKeyPrefix ?? REDIS_KEY_PREFIX}socket.io`,
          subscriptionMode: 'static',
        }),
      }),
    },
  );

  io.engine.on('connection', (connection: EngineConnection) => {
    connection.once('close', connections.open(connection.request));
  });

  /**
   * Disconnects `socket` once its session has ended: checked at once (a logout between the
   * handshake's check and the join found no socket in the room), then when it would expire.
   */
  const watchSession = (
    socket: Socket<ClientToServerEvents, never, never, SocketData>,
    session: SocketSession,
  ) => {
    let timer: NodeJS.Timeout | undefined;
    const schedule = (expiresAt: Date) => {
      const wait = Math.min(Math.max(expiresAt.getTime() - Date.now(), 0), SESSION_RECHECK_MS);
      timer = setTimeout(() => void recheck(), wait);
      timer.unref();
    };
    const recheck = async () => {
      try {
        const expiresAt = await sessionExpiry(options.orm.em.fork(), session.tokenHash);
        if (!socket.connected) return;
        if (expiresAt) schedule(expiresAt);
        else socket.disconnect(true);
      } catch (error) {
        options.logger.warn({ err: error }, 'could not re-check a socket session');
        schedule(new Date(Date.now() + SESSION_RECHECK_MS));
      }
    };
    socket.on('disconnect', () => clearTimeout(timer));
    void recheck();
  };

  const open = (area: Area) => {
    const namespace = io.of(NAMESPACES[area]);
    const kind = AREA_SESSION[area];
    namespace.use((socket, next) => {
      handshakeSession(options.orm.em.fork(), socket.request, options.keys, kind).then(
        (session) => {
          // Only the storefront has something (stock) for visitors who are not signed in.
          if (!session && area !== 'shop') return next(new Error(NOT_SIGNED_IN[kind]));
          socket.data.session = session;
          next();
        },
        (error: unknown) => {
          options.logger.error({ err: error }, 'could not check a socket session');
          next(new Error('Could not check your session; retrying'));
        },
      );
    });
    namespace.on('connection', (socket) => {
      const session = socket.data.session;
      if (!session) return;
      void socket.join(roomsOf(area, session));
      watchSession(socket, session);
    });
    return namespace;
  };

  const shop = open('shop');
  const seller: AreaNamespace<SellerEvents> = open('seller');
  const agents: AreaNamespace<AgentEvents> = open('agents');
  const byKind = { user: shop, seller, agent: agents };
  return {
    shop,
    seller,
    agents,
    of: (kind) => byKind[kind],
    listening: (namespace, room) =>
      redis || namespace.adapter.rooms.has(room) ? namespace.to(room) : undefined,
    async close() {
      // Transports closed, not sockets disconnected: clients reconnect (to another instance, or
      // this one restarted) after socket.io-client's randomised backoff, not all at once.
      io.engine.close();
      await Promise.allSettled((redis ?? []).map((client) => client.close()));
    },
  };
}
