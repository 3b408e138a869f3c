/**
 * What the fuzz test (fuzz.test.ts) knows of a route: who may send it, the body it takes and
 * the query it reads (the routes themselves: fuzz-rows-shop.ts, fuzz-rows-orders.ts).
 */

/** The kinds of signed-in browser a request may come from. */
export const KINDS = ['shopper', 'seller', 'agent'] as const;
export type Kind = (typeof KINDS)[number];
/** Whose cookies a request carries: a signed-in kind, none, or forged ones (in `cookie`). */
export type Sender = Kind | 'nobody' | 'forged';

/** Real ids of the signed-in identities' rows, for paths beside a body that must be refused. */
export interface FuzzIds {
  order: string;
  address: string;
  product: string;
  agent: string;
  providerOrder: string;
}

export interface Parse {
  safeParse(value: unknown): { success: boolean };
}

export type Body =
  /** A JSON object the route validates with `schema`; `example` is a valid one to break. */
  | { json: Parse; example: (ids: FuzzIds) => Record<string, unknown> }
  /**
   * A multipart form: the JSON text of `field` (checked with `form`) and up to `maxFiles`
   * pictures as `files`, as the product and category forms send them.
   */
  | {
      form: Parse;
      field: string;
      files: string;
      maxFiles: number;
      example: (ids: FuzzIds) => Record<string, unknown>;
    }
  /**
   * A CSV file (`file`, a multipart upload) sent to apply, whose one row is `row` with a cell
   * the route must refuse; or junk that is no such upload.
   */
  | { csv: { file: string; row: Record<string, string> } }
  /** Raw bytes whose signature (header) we never know. */
  | { signed: true }
  /** Any body: the path's id is never a real one. */
  | { ignored: true };

export interface FuzzRow {
  /** Whose sessions may ride along without the request changing anything (none: logouts). */
  as: readonly Kind[];
  body?: Body;
  /** The query parameters it reads. */
  query?: readonly string[];
  /**
   * How its errors look: our envelope; Razorpay's (the sandbox's calls, whose bodies our body
   * parser may refuse first, in our envelope); or a file's.
   */
  answers?: 'envelope' | 'razorpay' | 'file';
}
