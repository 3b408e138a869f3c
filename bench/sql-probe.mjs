// Preloaded into the server bench/orders.mjs starts (node --import): on SIGUSR2 it starts keeping
// the text of every statement the server sends to PostgreSQL through `pg` (MikroORM's and Kysely's
// alike); on the next SIGUSR2 it prints them as one JSON line, { sqlProbe: [...] }, and stops.
// Off, it costs one test a query.
import { createRequire } from 'node:module';

// The `pg` that MikroORM's PostgreSQL driver loads, wherever npm put it.
const require = createRequire(import.meta.resolve('@mikro-orm/postgresql'));
const { Client } = require('pg');

let kept;
const query = Client.prototype.query;
Client.prototype.query = function (config, ...rest) {
  kept?.push(typeof config === 'string' ? config : config?.text);
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
