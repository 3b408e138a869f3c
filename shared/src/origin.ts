/*
 * WHATWG's URL is a global of every runtime this package runs in (Node, browsers, Electron; zod's
 * z.url() relies on it too), but this package's lib has neither DOM nor Node types: the part
 * used here is declared for this file alone.
 */
declare const URL: new (text: string) => {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
};

/** Why a text is no web address of an origin. */
export type OriginProblem = 'not-a-url' | 'not-http' | 'credentials';

export type OriginReading =
  | {
      ok: true;
      /** The origin as browsers send it: lower-cased, no default port, no trailing slash. */
      origin: string;
      /** Whether the text was the origin alone: no path, query or fragment. */
      bare: boolean;
    }
  | { ok: false; problem: OriginProblem };

/**
 * `text` as an http(s) address of a web origin: its scheme, host and port. A user name or
 * password is refused, since browsers would send neither.
 */
export function readOrigin(text: string): OriginReading {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'not-a-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: 'not-http' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  const bare =
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    // `new URL` drops an empty query or fragment marker; an origin has none.
    !/[?#]/.test(text);
  return { ok: true, origin: url.origin, bare };
}

/**
 * `text` as a bare web origin (`https://shop.example.in`, `http://localhost:5173`), or null when
 * it is anything else (a path, a query, credentials, another scheme).
 */
export function parseOrigin(text: string): string | null {
  const reading = readOrigin(text);
  return reading.ok && reading.bare ? reading.origin : null;
}
