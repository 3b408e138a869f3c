/**
 * Generated bad requests for every route, shared by the fuzz test (server/src/test/fuzz.test.ts)
 * and `bench/fuzz.mjs`: each one must be refused with a 4xx `{ success: false, message }` (or
 * answered unchanged, for reads), never a 5xx, and must change no row of any table.
 *
 * A request is bad by construction: a JSON body is kept only when the route's own schema refuses
 * it; a real id goes into a path only beside such a body; a signature is never genuine.
 */
import fc from 'fast-check';
import { ERROR_CODES, type ErrorCode } from '@kirana/shared';
import {
  nastyText,
  junkValue,
  broken,
  deepJson,
  malformedJson,
  oversizeJson,
  contentType,
  junkForm,
  encodeText,
  junkId,
  junkHeaders,
  forgedCookie,
  badForm,
  badCsv,
} from './fuzz-junk.js';
import type { Body, FuzzIds, FuzzRow, Sender } from './fuzz-rows.js';
import { KHATA_ROWS } from './fuzz-rows-khata.js';
import { ORDER_ROWS } from './fuzz-rows-orders.js';
import { SHOP_ROWS } from './fuzz-rows-shop.js';

/** Every route, keyed `METHOD path` as the router declares it. */
export const FUZZ_ROWS: Record<string, FuzzRow> = { ...SHOP_ROWS, ...ORDER_ROWS, ...KHATA_ROWS };

export interface BadRequest {
  method: string;
  /** Percent-encoded, with the query string. */
  path: string;
  as: Sender;
  /** The Cookie header of a `forged` sender. */
  cookie?: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What makes it bad, for a failure message. */
  what: string;
}

/** A JSON-ish body for `body`, with its content type and what is wrong with it. */
type Sent = { body: string | Uint8Array; type: string | undefined; what: string };

function badBody(body: Body, ids: FuzzIds): fc.Arbitrary<Sent> {
  if ('csv' in body)
    return fc.oneof(
      { weight: 3, arbitrary: badCsv(body.csv) },
      { weight: 1, arbitrary: badBody({ ignored: true }, ids) },
    );
  if ('form' in body)
    return badForm(body, body.example(ids)).map((form): Sent => ({
      ...form,
      type: form.type,
    }));
  const refused =
    'json' in body
      ? fc
          .oneof(
            { weight: 6, arbitrary: broken(body.example(ids)) },
            { weight: 1, arbitrary: junkValue },
          )
          .filter((value) => !body.json.safeParse(value).success)
          .map((value) => ({
            text: JSON.stringify(value) ?? 'null',
            what: 'refused by its schema',
          }))
      : junkValue.map((value) => ({ text: JSON.stringify(value) ?? 'null', what: 'junk' }));
  return fc.oneof(
    {
      weight: 8,
      arbitrary: refused.map((sent): Sent => ({
        body: sent.text,
        type: 'application/json',
        what: sent.what,
      })),
    },
    {
      weight: 2,
      arbitrary: deepJson.map((text): Sent => ({
        body: text,
        type: 'application/json',
        what: 'nested deep',
      })),
    },
    {
      weight: 2,
      arbitrary: malformedJson.map((text): Sent => ({
        body: text,
        type: 'application/json',
        what: 'malformed JSON',
      })),
    },
    {
      weight: 1,
      arbitrary: oversizeJson.map((text): Sent => ({
        body: text,
        type: 'application/json',
        what: 'over the size limit',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            refused.map((sent) => sent.text),
            junkForm,
            malformedJson,
          ),
          contentType,
        )
        .map(([text, type]): Sent => ({ body: text, type, what: `sent as ${type}` })),
    },
    {
      weight: 1,
      arbitrary: junkForm.map((text): Sent => ({
        body: text,
        type: undefined,
        what: 'no content type',
      })),
    },
  );
}

/** The path of `template` with each `:param` filled: junk, or (`real`) sometimes a real id. */
function pathOf(template: string, ids: FuzzIds, real: boolean): fc.Arbitrary<string> {
  const names = [...template.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const realIds = Object.values(ids).map(encodeText);
  const value = real
    ? fc.oneof(
        { weight: 1, arbitrary: junkId },
        { weight: 2, arbitrary: fc.constantFrom(...realIds) },
      )
    : junkId;
  return fc
    .array(value, { minLength: names.length, maxLength: names.length })
    .map((values) =>
      names.reduce((path, name, index) => path.replace(`:${name}`, values[index]!), template),
    );
}

const junkQuery = (names: readonly string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...names, 'x', 'page[]'), nastyText), { maxLength: 4 })
    .map((pairs) =>
      pairs.map(([key, value]) => `${encodeText(key)}=${encodeText(value)}`).join('&'),
    );

/** Bad requests to `route` (a key of {@link FUZZ_ROWS}). */
export function badRequests(route: string, ids: FuzzIds): fc.Arbitrary<BadRequest> {
  const row = FUZZ_ROWS[route];
  if (!row) throw new Error(`no fuzz row for ${route}`);
  const [method = '', template = ''] = route.split(' ');
  const refusedBody = row.body !== undefined && !('signed' in row.body) && !('ignored' in row.body);
  const sender = fc.oneof(
    { weight: row.as.length > 0 ? 6 : 0, arbitrary: fc.constantFrom<Sender>(...row.as, 'nobody') },
    { weight: 1, arbitrary: fc.constant<Sender>('nobody') },
    { weight: 1, arbitrary: fc.constant<Sender>('forged') },
  );
  const body: fc.Arbitrary<{
    body?: string | Uint8Array;
    type?: string | undefined;
    what: string;
  }> =
    row.body === undefined
      ? fc.constant({ what: 'junk in the path, query or cookies' })
      : 'signed' in row.body
        ? fc
            .tuple(
              fc.oneof(
                junkValue.map((value) => JSON.stringify(value) ?? 'null'),
                malformedJson,
                deepJson,
              ),
              fc.option(fc.stringMatching(/^[0-9a-f]{0,64}$/), { nil: undefined }),
            )
            .map(([text, signature]) => ({
              body: text,
              type: 'application/json',
              signature,
              what:
                signature === undefined ? 'unsigned webhook' : 'webhook with a forged signature',
            }))
        : badBody(row.body, ids);
  // Now and then another method, one no API route answers at this path with (GET and POST
  // /api/product/search-names are both routes: a GET there is a read, rightly answered 200).
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
    (each) => each !== method && !(`${each} ${template}` in FUZZ_ROWS),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(method) },
        { weight: template.startsWith('/api/') ? 1 : 0, arbitrary: fc.constantFrom(...methods) },
      ),
      path: pathOf(template, ids, refusedBody),
      query: row.query
        ? fc.option(junkQuery(row.query), { nil: undefined })
        : fc.constant(undefined),
      as: sender,
      cookie: forgedCookie,
      // Rarely: a refused origin stops a request before its body is read.
      extra: fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: junkHeaders },
      ),
      body,
    })
    .map(({ method: sentMethod, path, query, as, cookie, extra, body: sent }): BadRequest => {
      const headers: Record<string, string> = { ...extra };
      if (sent.type !== undefined) headers['content-type'] = sent.type;
      if ('signature' in sent && typeof sent.signature === 'string')
        headers['x-razorpay-signature'] = sent.signature;
      // GET and HEAD carry no body in fetch; a body is junk only where a route reads one.
      const carries = sentMethod !== 'GET' && sent.body !== undefined;
      const request: BadRequest = {
        method: sentMethod,
        path: query ? `${path}?${query}` : path,
        as,
        headers: carries ? headers : extra,
        what: sentMethod === method ? sent.what : `${sent.what}, sent with ${sentMethod}`,
        ...(as === 'forged' ? { cookie } : {}),
        ...(carries ? { body: sent.body } : {}),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describe(request) });
    });
}

/** One line a person can read (bodies cut short), for fast-check's counterexamples. */
export function describe(request: BadRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? ` body(${request.body.length}) ${JSON.stringify(request.body.slice(0, 200))}`
        : ` body(${request.body.length} bytes)`;
  return (
    `${request.method} ${request.path.slice(0, 200)} as ${request.as}` +
    `${request.cookie ? ` cookie ${JSON.stringify(request.cookie)}` : ''}` +
    ` ${JSON.stringify(request.headers)}${body} [${request.what}]`
  );
}

export interface Answer {
  status: number;
  type: string;
  text: string;
}

/** Sends `request` to the server at `base`, with the Cookie header `cookies` holds for its sender. */
export async function send(
  base: string,
  request: BadRequest,
  cookies: Partial<Record<Sender, string>>,
): Promise<Answer> {
  const cookie = request.as === 'forged' ? request.cookie : cookies[request.as];
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    body: request.body,
    redirect: 'manual',
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** What is wrong with the answer to `request`, or null when it is as it must be. */
export function judge(route: string, request: BadRequest, answer: Answer): string | null {
  const row = FUZZ_ROWS[route];
  const { status } = answer;
  if (status >= 500) return `answered ${status}: ${answer.text.slice(0, 300)}`;
  // Its body, path id or signature is bad; a route reading none of them may answer 2xx.
  const mustRefuse = row?.body !== undefined || route.includes(':');
  if (mustRefuse && status < 400) return `accepted with ${status}: ${answer.text.slice(0, 300)}`;
  if (status < 400 || row?.answers === 'file') return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${status} that is not JSON (${answer.type}): ${answer.text.slice(0, 200)}`;
  }
  const { success, message, code, error } = body as {
    success?: unknown;
    message?: unknown;
    code?: unknown;
    error?: { description?: unknown };
  };
  const said = (text: unknown) => typeof text === 'string' && text.trim() !== '';
  if (success === false && said(message) && ERROR_CODES.includes(code as ErrorCode)) return null;
  if (row?.answers === 'razorpay' && said(error?.description)) return null;
  return `a ${status} without { success: false, message, code }: ${answer.text.slice(0, 200)}`;
}

/**
 * Row count and an md5 of every row of every table of the current schema, by table: equal
 * snapshots mean nothing was written. `query` runs one statement and answers its rows.
 */
export async function snapshotTables(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, string>> {
  const tables = await query(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = `"${String(name).replaceAll('"', '""')}"`;
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as hash
         from ${quoted} t`,
    );
    snapshot[String(name)] = `${String(row?.rows)} rows, md5 ${String(row?.hash)}`;
  }
  return snapshot;
}
