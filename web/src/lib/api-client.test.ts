import { productListAnswerSchema, SOLD_BY_THE_PIECE } from '@kirana/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  UNEXPECTED_ANSWER_MESSAGE,
  UNREACHABLE_MESSAGE,
  createApiClient,
} from './api-client';

const product = {
  _id: '0190a5b2-7c3e-7a10-8000-000000000001',
  name: 'Potato 500g',
  category: 'Vegetables',
  description: ['Fresh and organic'],
  price: 25,
  offerPrice: 20,
  image: ['/uploads/potato-800.webp'],
  inStock: true,
  stockCount: null,
  pastCount: 0,
  weight: '500 g',
  sku: null,
  barcode: null,
  ...SOLD_BY_THE_PIECE,
  hsn: null,
  gstRate: null,
  archivedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function answering(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn<typeof globalThis.fetch>(async () => new Response(text, { status }));
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('sends cookies and JSON, and returns the answer parsed by its schema', async () => {
    const fetch = answering(200, { success: true, products: [product] });
    const api = createApiClient({ fetch });

    const answer = await api.post('/api/product/list', productListAnswerSchema, {
      body: { a: 1 },
    });

    expect(answer.products[0]?.name).toBe('Potato 500g');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/product/list');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends the extra headers a call asks for', async () => {
    const fetch = answering(200, { success: true, products: [] });
    const api = createApiClient({ fetch });

    await api.post('/api/product/list', productListAnswerSchema, {
      body: {},
      headers: { 'Idempotency-Key': 'attempt-1' },
    });

    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('attempt-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it("turns { success: false, message } into an ApiError carrying the server's message", async () => {
    const api = createApiClient({ fetch: answering(200, { success: false, message: 'Nope' }) });

    const error = await failureOf(api.get('/api/product/list', productListAnswerSchema));

    expect(error.message).toBe('Nope');
    expect(error.status).toBe(200);
  });

  it("keeps the server's message on a 4xx answer", async () => {
    const api = createApiClient({
      fetch: answering(409, { success: false, message: 'Order already taken' }),
    });

    const error = await failureOf(api.post('/api/agents/accept', productListAnswerSchema));

    expect(error).toMatchObject({ message: 'Order already taken', status: 409 });
  });

  it('names the status of a non-2xx answer without a message', async () => {
    const api = createApiClient({ fetch: answering(502, '<html>Bad gateway</html>') });

    const error = await failureOf(api.get('/api/product/list', productListAnswerSchema));

    expect(error.status).toBe(502);
    expect(error.message).toContain('502');
  });

  it('rejects a 2xx answer that does not match the schema', async () => {
    const api = createApiClient({ fetch: answering(200, { success: true, products: 'none' }) });

    const error = await failureOf(api.get('/api/product/list', productListAnswerSchema));

    expect(error.message).toBe(UNEXPECTED_ANSWER_MESSAGE);
  });

  it('reports an unreachable server as status 0', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ fetch });

    const error = await failureOf(api.get('/api/product/list', productListAnswerSchema));

    expect(error).toMatchObject({ message: UNREACHABLE_MESSAGE, status: 0 });
  });

  it('sends the shared client’s calls to the server the page’s meta tag names', async () => {
    vi.resetModules();
    vi.stubGlobal('document', { querySelector: () => ({ content: 'http://127.0.0.1:4173' }) });
    const fetch = answering(200, { success: true, products: [product] });
    vi.stubGlobal('fetch', fetch);
    try {
      const { api } = await import('./api-client');
      await api.get('/api/product/list', productListAnswerSchema);
      expect(fetch.mock.calls[0]?.[0]).toBe('http://127.0.0.1:4173/api/product/list');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lets an aborted call reject with the abort reason, not an ApiError', async () => {
    const controller = new AbortController();
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const api = createApiClient({ fetch });

    const call = api.get('/api/product/list', productListAnswerSchema, {
      signal: controller.signal,
    });

    await expect(call).rejects.toBe(controller.signal.reason);
  });
});
