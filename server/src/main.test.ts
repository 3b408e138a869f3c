import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Product, ProductListAnswer } from '@kirana/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './test/database.js';
import {
  cleanUpServerProcesses,
  makeDataDir,
  spawnServer,
  startServerProcess,
} from './test/process.js';

/** Each start runs migrations and the demo seed (the first also renders images). */
const PROCESS_TIMEOUT = 120_000;

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await cleanUpServerProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function nonEmptyLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

async function listProducts(port: number): Promise<Product[]> {
  const response = await fetch(`http://127.0.0.1:${port}/api/product/list`);
  expect(response.status).toBe(200);
  const answer = (await response.json()) as ProductListAnswer;
  expect(answer.success).toBe(true);
  return answer.products;
}

const byId = (a: Product, b: Product) => a._id.localeCompare(b._id);

/** Resolves with the error code of a fresh TCP connection attempt, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * Whether a GET /healthz on a new connection gets any answer. The kernel may still complete a
 * handshake that races the server closing its listener; such a connection is then reset unserved.
 */
function answersNewConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('connect', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    });
    socket.once('error', () => resolve(received !== ''));
    socket.once('close', () => resolve(received !== ''));
  });
}

/**
 * A POST sent over a raw socket with `Expect: 100-continue`, so the server's "100 Continue"
 * proves it has taken the request in before the test sends any of the body.
 */
function openPost(port: number, path: string, contentLength: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let received = '';
  let onContinue = () => {};
  let onFailure: (error: Error) => void = () => {};
  const continued = new Promise<void>((resolve, reject) => {
    onContinue = resolve;
    onFailure = reject;
  });
  const response = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n\r\n')) onContinue();
    });
    socket.once('error', (error) => {
      onFailure(error);
      reject(error);
    });
    socket.once('close', (hadError) => {
      onFailure(new Error(`connection closed after ${JSON.stringify(received)}`));
      if (!hadError) resolve(received);
    });
  });
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${contentLength}`,
      'Expect: 100-continue',
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  // Marked handled so that a test failing early does not also report them as unhandled.
  continued.catch(() => undefined);
  response.catch(() => undefined);
  return { socket, continued, response };
}

/** A GET whose `dispatched` resolves once the server has handed it to the app (its 100 Continue). */
function sendGet(port: number, path: string) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path,
    agent: false,
    headers: { Expect: '100-continue' },
  });
  const dispatched = new Promise<void>((resolve, reject) => {
    request.once('continue', resolve);
    request.once('response', () => resolve());
    request.once('error', reject);
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        body += chunk;
      });
      incoming.once('error', reject);
      incoming.once('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
    });
  });
  request.end();
  dispatched.catch(() => undefined);
  response.catch(() => undefined);
  return { dispatched, response };
}

/** Starts, lists the products, stops with SIGTERM, starts again on the same data, lists again. */
async function expectRestartKeepsProducts(env: Record<string, string | undefined>) {
  const dataDir = await makeDataDir();

  const first = await startServerProcess(env, { dataDir });
  const before = (await listProducts(first.port)).sort(byId);
  expect(before.length).toBeGreaterThan(0);
  expect((await first.server.stop('SIGTERM')).code).toBe(0);

  const second = await startServerProcess(env, { dataDir });
  const after = (await listProducts(second.port)).sort(byId);
  expect((await second.server.stop('SIGTERM')).code).toBe(0);

  expect(after.map((product) => product._id)).toEqual(before.map((product) => product._id));
  expect(new Set(after.map((product) => product._id)).size).toBe(after.length);
  // Images are answered under PUBLIC_URL, whose default names each start's own (random) port.
  const withImagePaths = (products: Product[]) =>
    products.map((product) => ({
      ...product,
      image: product.image.map((url) => new URL(url).pathname),
    }));
  expect(withImagePaths(after)).toEqual(withImagePaths(before));
}

describe('kirana server process: start-up failures', () => {
  it(
    'exits 1 on PORT=abc with one stderr line naming PORT and no stack trace',
    async () => {
      const server = await spawnServer({ PORT: 'abc' });
      const exit = await server.exited;

      expect(exit.code).toBe(1);
      const lines = nonEmptyLines(server.stderr());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^kirana: invalid configuration: PORT /);
      expect(server.stderr()).not.toMatch(/^\s+at /m);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'exits 1 with one stderr line "Cannot connect to the database" when DATABASE_URL is unreachable',
    async () => {
      const server = await spawnServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nope' });
      const exit = await server.exited;

      expect(exit.code).toBe(1);
      const lines = nonEmptyLines(server.stderr());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Cannot connect to the database');
      expect(server.stderr()).not.toMatch(/^\s+at /m);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'exits 1 with one stderr line naming REDIS_URL when Redis is unreachable',
    async () => {
      const server = await spawnServer({ REDIS_URL: 'redis://127.0.0.1:1' });
      const exit = await server.exited;

      expect(exit.code).toBe(1);
      const lines = nonEmptyLines(server.stderr());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('REDIS_URL');
      expect(server.stderr()).not.toMatch(/^\s+at /m);
    },
    PROCESS_TIMEOUT,
  );
});

describe('kirana server process: shutdown and restart', () => {
  it(
    'on SIGTERM stops listening, finishes in-flight requests, logs "stopped" and exits 0',
    async () => {
      // Request lines are at debug level outside production.
      const { server, port } = await startServerProcess({ LOG_LEVEL: 'debug' });
      // The agents' page, or, in a clone whose web app is not built, the server's note saying so.
      const invitePage = await fetch(`http://127.0.0.1:${port}/agents/join?code=secret-invite`);
      const built = existsSync(
        fileURLToPath(new URL('../../web/dist/agents.html', import.meta.url)),
      );
      expect(invitePage.status).toBe(built ? 200 : 503);

      const body = JSON.stringify({ note: 'sent in two halves around SIGTERM' });
      const half = Math.floor(body.length / 2);
      const post = openPost(port, '/api/anything', Buffer.byteLength(body));
      await post.continued;
      post.socket.write(body.slice(0, half));

      const gets = Array.from({ length: 5 }, () => sendGet(port, '/api/product/list'));
      await Promise.all(gets.map((get) => get.dispatched));

      server.child.kill('SIGTERM');
      await server.waitForLog((line) => line.signal === 'SIGTERM');

      // Draining: the POST is still waiting for its body, yet a new connection is not served.
      expect(await answersNewConnection(port)).toBe(false);
      expect(server.child.exitCode).toBeNull();

      post.socket.write(body.slice(half));
      const raw = await post.response;
      const [, finalResponse = ''] = raw.split(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
      expect(finalResponse).toMatch(/^HTTP\/1\.1 404 /);
      const [, responseBody = ''] = finalResponse.split('\r\n\r\n');
      expect(JSON.parse(responseBody)).toMatchObject({ success: false });

      for (const result of await Promise.all(gets.map((get) => get.response))) {
        expect(result.status).toBe(200);
        const answer = JSON.parse(result.body) as ProductListAnswer;
        expect(answer.success).toBe(true);
        expect(answer.products.length).toBeGreaterThan(0);
      }

      // By now the listener is long closed: nothing takes the handshake any more.
      expect(await tryConnect(port)).toBe('ECONNREFUSED');
      const exit = await server.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.logs().some((line) => line.msg === 'stopped')).toBe(true);
      // An agent's invite code, which pairs a phone, is logged without its value.
      const logged = server.logs().map((line) => (line.req as { url?: string } | undefined)?.url);
      expect(logged).toContain('/agents/join?code=…');
      expect(JSON.stringify(server.logs())).not.toContain('secret-invite');
    },
    PROCESS_TIMEOUT,
  );

  it(
    'keeps every product with the same _id, without duplicates, across a restart on the embedded database',
    async () => {
      await expectRestartKeepsProducts({});
    },
    PROCESS_TIMEOUT,
  );

  const adminUrl = process.env.DATABASE_URL;

  it.skipIf(!adminUrl)(
    'keeps every product with the same _id, without duplicates, across a restart on PostgreSQL',
    async () => {
      const database = await createDatabase(adminUrl);
      cleanups.push(() => database.drop());

      await expectRestartKeepsProducts({ DATABASE_URL: database.url });
    },
    PROCESS_TIMEOUT,
  );
});

// A terminal through util-linux's `script` (test/process.ts): Linux only.
describe.runIf(process.platform === 'linux')('kirana server process: what a person sees', () => {
  it(
    'in a terminal: readable lines and a banner with the address, the seller’s sign-in and the data',
    async () => {
      const server = await spawnServer(
        { NODE_ENV: undefined, SELLER_EMAIL: undefined, SELLER_PASSWORD: undefined },
        { terminal: true },
      );
      const [, address] = await server.waitForOutput(/Kirana is open at (http:\/\/localhost:\d+)/);
      await server.waitForOutput(/Press Ctrl\+C to stop/);
      const output = server.stdout();

      expect(output).toMatch(/Storefront +http:\/\/localhost:\d+\//);
      expect(output).toContain(
        `Seller      ${address}/seller   sign in as admin@kirana.local / kirana-admin`,
      );
      expect(output).toContain(`Agents      ${address}/agents`);
      expect(output).toContain(`Data        embedded PostgreSQL in ${server.dataDir}`);
      expect(output).toMatch(/INFO.*seeded the demo catalogue/);
      // No JSON for a person to read.
      expect(nonEmptyLines(output).filter((line) => line.trimStart().startsWith('{'))).toEqual([]);

      // In development a request's line is for LOG_LEVEL=debug: the banner does not scroll away.
      const port = Number(new URL(address ?? '').port);
      await listProducts(port);
      await expect(server.stop('SIGTERM')).resolves.toMatchObject({ code: 0 });
      expect(server.stdout()).not.toContain('/api/product/list');
    },
    PROCESS_TIMEOUT,
  );

  it(
    'in a terminal with LOG_LEVEL=debug: a request in one short line',
    async () => {
      const server = await spawnServer({ LOG_LEVEL: 'debug' }, { terminal: true });
      const [, address] = await server.waitForOutput(/Kirana is open at (http:\/\/localhost:\d+)/);

      await listProducts(Number(new URL(address ?? '').port));
      await server.waitForOutput(/GET \/api\/product\/list 200 \d+ ms/);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'to a file: the banner’s plain lines, and JSON log lines with the port and the development sign-in',
    async () => {
      const server = await spawnServer({ SELLER_EMAIL: undefined, SELLER_PASSWORD: undefined });
      const port = await server.waitUntilServing();
      await listProducts(port);
      await expect(server.stop('SIGTERM')).resolves.toMatchObject({ code: 0 });

      const lines = nonEmptyLines(server.stdout());
      const banner = lines.filter((line) => line.startsWith('  '));
      expect(banner).toEqual(
        expect.arrayContaining([
          `  Kirana is open at http://localhost:${port}`,
          `  Storefront  http://localhost:${port}/`,
          `  Agents      http://localhost:${port}/agents`,
          '  Press Ctrl+C to stop.',
        ]),
      );
      expect(banner.join('\n')).toContain(`/seller   sign in as admin@kirana.local / kirana-admin`);
      for (const line of lines.filter((line) => !banner.includes(line)))
        expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(server.logs()).toContainEqual(
        expect.objectContaining({
          msg: expect.stringContaining('seller account for development: admin@kirana.local'),
        }),
      );
    },
    PROCESS_TIMEOUT,
  );
});
