import type { Config } from './config.js';
import { redact } from './db/orm.js';

/**
 * What a person starting the store in a terminal needs to see once it is up: where the store,
 * the seller area and the agents' app are, the seller's sign-in when it is the development one,
 * where the data lives, and how to stop it. (The JSON log says the same in its start line.)
 */
export function startBanner(config: Config, port: number): string {
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const seller = config.seller.fromEnv
    ? `${url}/seller`
    : `${url}/seller   sign in as ${config.seller.email} / ${config.seller.password} (development account: set SELLER_EMAIL and SELLER_PASSWORD to change it)`;
  const data = config.databaseUrl
    ? `PostgreSQL at ${redact(config.databaseUrl)}`
    : `embedded PostgreSQL in ${config.dataDir}`;
  return [
    '',
    `  Kirana is open at ${url}`,
    '',
    `  Storefront  ${url}/`,
    `  Seller      ${seller}`,
    `  Agents      ${url}/agents`,
    `  Data        ${data}`,
    '',
    '  Press Ctrl+C to stop.',
    '',
    '',
  ].join('\n');
}
