// Preloaded into the server bench/orders.mjs starts (node --import): on SIGUSR2 it starts keeping
// every statement the server sends to PostgreSQL through `pg` (MikroORM's and Kysely's alike), its
// text and whether it went as a named statement; on the next SIGUSR2 it prints them as one JSON
// line, { sqlProbe: [{ text, named }, …] }, and stops.
// Off, it costs one test a query.
import { createRequire } from 'node:module';

// The `pg` the server's own code loads, wherever npm put it: the ORM's pool makes its clients
// from its Client (server/src/lib/prepared-statement.ts NamingClient).
const require = createRequire(new URL('../server/package.json', import.meta.url));
const { Client } = require('pg');

let kept;
const query = Client.prototype.query;
Client.prototype.query = function (config, ...rest) {
  kept?.push(
    typeof config === 'string'
      ? { text: config, named: false }
      : { text: config?.text, named: Boolean(config?.name) },
  );
  return query.call(this, config, ...rest);
};
process.on('SIGUSR2', () => {
  if (kept === undefined) {
    kept = [];
    return;
  }
  console.log(JSON.stringify({ sqlProbe: kept }));
  kept = undefined;
});
