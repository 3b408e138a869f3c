// What the benchmarks share to talk to a running store over HTTP, as its clients do.
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
