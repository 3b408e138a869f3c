import { errorAnswerSchema } from '@kirana/shared';
import { serverOrigin } from './server-origin';

/** What a failed call's error answer said beside its message, for the client to decide by. */
export interface ApiErrorOptions extends ErrorOptions {
  /** The answer's `code` (@kirana/shared ERROR_STATUS), when it had one. */
  code?: string;
  /** Tries left before a delivery PIN locks, when the answer says. */
  triesLeft?: number;
  /** The error answer as it came, for a caller that reads more of it (an import's rows). */
  answer?: unknown;
}

/**
 * A failed call: the server's own message when it sent one, otherwise a plain description; the
 * answer's code, which clients decide and translate by.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string | undefined;
  readonly triesLeft: number | undefined;
  readonly answer: unknown;

  constructor(
    message: string,
    /** The HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    { code, triesLeft, answer, ...options }: ApiErrorOptions = {},
  ) {
    super(message, options);
    this.code = code;
    this.triesLeft = triesLeft;
    this.answer = answer;
  }
}

/** What the client needs of a zod schema from `@kirana/shared`: a parse that throws. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, or as is when it is `FormData` (multipart uploads). */
  body?: unknown;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Prefix of every path: the server's origin, or empty when it served the page. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const UNREACHABLE_MESSAGE =
  'Could not reach the store. Check your connection and try again.';
export const UNEXPECTED_ANSWER_MESSAGE = 'The store sent an answer this page does not understand.';

/** The client's own words for a non-2xx answer that carried no `{ success: false, message }`. */
const noMessageText = (status: number) => `The store could not answer (HTTP ${status}).`;

/**
 * One typed client over `fetch`: cookies are always sent, bodies are JSON, and every answer is
 * checked against its schema. Throws `ApiError` for `{ success: false, message }`, any non-2xx
 * status, an unreachable server, or an answer that does not match the schema; an aborted call
 * rejects with the signal's reason untouched.
 */
export function createApiClient({ baseUrl = '', fetch: fetchImpl }: ApiClientOptions = {}) {
  async function request<T>(
    path: string,
    schema: AnswerSchema<T>,
    { method = 'GET', body, headers: extra, signal }: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'include', signal: signal ?? null };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    let response: Response;
    try {
      // Looked up per call so that tests and polyfills can replace the global fetch.
      response = await (fetchImpl ?? globalThis.fetch)(baseUrl + path, init);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new ApiError(UNREACHABLE_MESSAGE, 0, { cause: error });
    }

    const answer = await readJson(response);
    const failure = errorAnswerSchema.safeParse(answer);
    if (failure.success) {
      const { message, code, triesLeft } = failure.data;
      throw new ApiError(message, response.status, { code, triesLeft, answer });
    }
    if (!response.ok) {
      throw new ApiError(noMessageText(response.status), response.status);
    }
    try {
      return schema.parse(answer);
    } catch (error) {
      throw new ApiError(UNEXPECTED_ANSWER_MESSAGE, response.status, { cause: error });
    }
  }

  return {
    request,
    get: <T>(path: string, schema: AnswerSchema<T>, options?: Omit<RequestOptions, 'method'>) =>
      request(path, schema, { ...options, method: 'GET' }),
    post: <T>(path: string, schema: AnswerSchema<T>, options?: Omit<RequestOptions, 'method'>) =>
      request(path, schema, { ...options, method: 'POST' }),
    put: <T>(path: string, schema: AnswerSchema<T>, options?: Omit<RequestOptions, 'method'>) =>
      request(path, schema, { ...options, method: 'PUT' }),
    delete: <T>(path: string, schema: AnswerSchema<T>, options?: Omit<RequestOptions, 'method'>) =>
      request(path, schema, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The server's own words about a failed call (its `{ success: false, message }`), or undefined
 * when the network failed, or the answer was a bare HTTP error or one this page could not read.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  if (error.message === UNEXPECTED_ANSWER_MESSAGE) return undefined;
  if (error.message === noMessageText(error.status)) return undefined;
  return error.message;
}

/** The client every feature's `api/` calls go through, to the page's configured server. */
export const api: ApiClient = createApiClient({ baseUrl: serverOrigin });

/** The answer's JSON, or undefined when it has none (an empty body or an HTML error page). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A proxy's answers for a server behind it that is down or not ready (502, 503, 504). */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/**
 * Whether a failed call never reached the server: the fetch threw (offline, a dropped
 * connection: status 0) or a proxy answered for the server (502, 503, 504). Anything else, a 500
 * included, is the server's answer.
 */
export const isUnreachable = (problem: unknown): boolean =>
  problem instanceof ApiError && (problem.status === 0 || GATEWAY_DOWN.has(problem.status));
