import { Migration20261122021743_Initial } from './Migration20261122021743_Initial.js';
import { Migration20261123063501_OnlinePayments } from './Migration20261123063501_OnlinePayments.js';

/** Every migration, oldest first. `npm run db:migration -w @kirana/server -- <name>` writes the next. */
export const migrations = [Migration20261122021743_Initial, Migration20261123063501_OnlinePayments];
