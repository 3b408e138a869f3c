import { successAnswerSchema } from '@kirana/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, serverMessage } from '../../lib/api-client';
import { failureMessage, isSessionLost } from './failure-message';

/** The error a real api client throws when `fetch` answers (or fails) as given. */
async function failure(fetch: typeof globalThis.fetch): Promise<unknown> {
  const api = createApiClient({ fetch });
  return api.get('/api/agents', successAnswerSchema).then(
    () => undefined,
    (error: unknown) => error,
  );
}

const answering = (status: number, body: string) =>
  vi.fn<typeof globalThis.fetch>(async () => new Response(body, { status }));

describe('failure messages', () => {
  it("show the server's own message when it sent one", async () => {
    const error = await failure(
      answering(409, JSON.stringify({ success: false, message: 'Phone number already in use' })),
    );
    expect(serverMessage(error)).toBe('Phone number already in use');
    expect(failureMessage(error, 'Failed to add agent')).toBe('Phone number already in use');
  });

  it("fall back to the screen's text when the network failed", async () => {
    const error = await failure(
      vi.fn<typeof globalThis.fetch>(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    expect(failureMessage(error, 'Failed to load agents')).toBe('Failed to load agents');
  });

  it("fall back to the screen's text for an error page or an answer that cannot be read", async () => {
    const page = await failure(answering(502, '<html>Bad gateway</html>'));
    const garbled = await failure(answering(200, JSON.stringify({ agents: 'nope' })));
    expect(failureMessage(page, 'Failed to load orders')).toBe('Failed to load orders');
    expect(failureMessage(garbled, 'Failed to load orders')).toBe('Failed to load orders');
  });

  it('tell a lost session (401) from other failures', async () => {
    const lost = await failure(
      answering(401, JSON.stringify({ success: false, message: 'Please log in as the seller' })),
    );
    const refused = await failure(
      answering(400, JSON.stringify({ success: false, message: 'All fields required' })),
    );
    expect(isSessionLost(lost)).toBe(true);
    expect(isSessionLost(refused)).toBe(false);
  });
});
