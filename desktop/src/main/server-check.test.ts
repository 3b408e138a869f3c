import { describe, expect, test, vi } from 'vitest';
import { checkServer } from './server-check.js';
import type { Fetch } from './server-check.js';

const SERVER = 'http://192.168.1.20:4000';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('server check', () => {
  test('a server answering /readyz with { success: true } is ready', async () => {
    const fetch = vi.fn<Fetch>(async () => json({ success: true }));
    await expect(checkServer(SERVER, fetch)).resolves.toEqual({ ok: true, server: SERVER });
    expect(fetch).toHaveBeenCalledWith(
      `${SERVER}/readyz`,
      expect.objectContaining({
        redirect: 'manual',
        cache: 'no-store',
        signal: expect.any(AbortSignal),
      }),
    );
  });

  test('a server that is shutting down or has no database is not ready', async () => {
    const fetch: Fetch = async () => json({ success: false, message: 'Shutting down' }, 503);
    await expect(checkServer(SERVER, fetch)).resolves.toEqual({
      ok: false,
      message: `The Kirana server at ${SERVER} is not ready yet (Shutting down)`,
    });
  });

  test('something else answering is not taken for a Kirana server', async () => {
    for (const response of [
      new Response('<html>router login</html>', { status: 200 }),
      json({ ok: true }),
      json({ success: true }, 404),
    ]) {
      await expect(checkServer(SERVER, async () => response)).resolves.toEqual({
        ok: false,
        message: `${SERVER} does not answer like a Kirana server`,
      });
    }
  });

  test('a redirect names where to go instead', async () => {
    const fetch: Fetch = async () =>
      new Response(null, { status: 301, headers: { location: 'https://shop.example/readyz' } });
    await expect(checkServer(SERVER, fetch)).resolves.toEqual({
      ok: false,
      message: `${SERVER} redirects to https://shop.example/readyz: enter that address instead`,
    });
  });

  test('an unreachable server and a silent one are told apart', async () => {
    const refused: Fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(checkServer(SERVER, refused)).resolves.toEqual({
      ok: false,
      message: `Cannot reach ${SERVER}`,
    });
    // A server that accepts the connection and never answers: the timeout aborts the request.
    const silent: Fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    await expect(checkServer(SERVER, silent, 20)).resolves.toEqual({
      ok: false,
      message: `${SERVER} did not answer within 0.02 seconds`,
    });
  });
});
