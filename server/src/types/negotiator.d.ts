// negotiator 1.x (the one koa-compress uses): the part we call. @types/negotiator describes 0.6,
// which has no `preferred` option to break a tie between equally weighted codings.
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The available encoding the client weighs highest; undefined when it refuses them all. */
    encoding(
      available: readonly string[],
      options?: { preferred?: readonly string[] },
    ): string | undefined;
  }
}
