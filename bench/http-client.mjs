// What the benchmarks share to talk to a running store over HTTP, as its clients do.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** A port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The seller a bench's store is started with (SELLER_EMAIL, SELLER_PASSWORD). */
export const BENCH_SELLER = { email: 'bench@kirana.local', password: 'bench-password-1' };

/**
 * The environment of a store on `port` as a shop runs it (production, the payment sandbox,
 * BENCH_SELLER): on the embedded database and without Redis whatever this shell names, as one
 * instance; a bench adds DATA_DIR, and DATABASE_URL for a PostgreSQL one.
 */
export function shopStoreEnv(port) {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PAYMENTS: 'sandbox',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SELLER_EMAIL: BENCH_SELLER.email,
    SELLER_PASSWORD: BENCH_SELLER.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
  };
}

/** A tiny cookie-keeping HTTP client for one person (a browser, a phone) on the store at `base`. */
export function browser(base) {
  const cookies = new Map();
  return {
    cookie: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    async send(method, url, body) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: this.cookie() },
        body: body && JSON.stringify(body),
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, ...value] = pair.split('=');
        cookies.set(name, value.join('='));
      }
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${answer.message}`);
      return answer;
    },
  };
}

/**
 * A new agent added by the signed-in `seller`, signed in on a phone the shop paired through an
 * invite (AGENT_LOGIN=paired, the default): answers the phone's client and the agent.
 */
export async function pairedAgent(base, seller, { name, phone }) {
  const { agent } = await seller.send('POST', '/api/agents/create', { name, phone });
  const { code } = await seller.send('POST', `/api/agents/${agent._id}/invite`);
  const phoneApp = browser(base);
  await phoneApp.send('POST', '/api/agents/pair', { code });
  await phoneApp.send('POST', '/api/agents/login', { phone });
  return { phoneApp, agent };
}

/** A delivery address a benchmark's shopper saves (`POST /api/address/add`). */
export const BENCH_ADDRESS = {
  firstName: 'Bench',
  lastName: 'Shopper',
  email: 'bench@example.com',
  street: '1 Test Street',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '+91 98450 12345',
};
