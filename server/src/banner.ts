import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Config } from './config.js';
import type { Logger } from './lib/logger.js';
import { redact } from './lib/redact.js';

/**
 * The store's addresses on the shop's network (its IPv4 ones, not the loopback): what a phone
 * on the same Wi-Fi opens, and what the seller screens should be opened at for an agent's invite
 * link to work on a phone.
 */
export function networkUrls(
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  return Object.values(interfaces)
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address.address}:${port}`);
}

/**
 * What a person starting the store needs to see once it is up, in plain lines (no colours): where the store,
 * the seller area and the agents' app are, the seller's sign-in when it is the development one,
 * the address phones on the shop's network use, where the data lives, and how to stop it. (The JSON log says the same in its start line.)
 */
export function startBanner(config: Config, port: number, network = networkUrls(port)): string {
  const url = config.publicUrl ?? `http://localhost:${port}`;
  // With PUBLIC_URL the store has its one address; else phones need the computer's own.
  const phones = config.publicUrl
    ? []
    : network.length > 0
      ? [
          `  Phones      ${network.join('  ')}   (on this network: open the seller screens there to invite agents)`,
        ]
      : ['  Phones      this computer is on no network yet: phones cannot reach it'];
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
    ...phones,
    `  Data        ${data}`,
    '',
    '  Press Ctrl+C to stop.',
    '',
    '',
  ].join('\n');
}

/**
 * Says the store is up: the banner's plain lines wherever the output goes (a terminal, a file,
 * a service's journal), since whoever reads it needs the addresses; and where the output is no
 * terminal, the JSON log's start line with the same facts for whatever collects the log.
 */
export function announceStart(
  config: Config,
  port: number,
  logger: Logger,
  output: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>,
  network = networkUrls(port),
): void {
  output.write(startBanner(config, port, network));
  if (output.isTTY) return;
  logger.info(
    {
      port,
      network,
      database: config.databaseUrl ? redact(config.databaseUrl) : `embedded in ${config.dataDir}`,
    },
    `Kirana is serving http://localhost:${port}`,
  );
}
