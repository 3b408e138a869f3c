/**
 * Which addresses the server sends push messages to. A phone gives its subscription's endpoint
 * and the server POSTs to it, so an endpoint is taken only on a push service's host: never an
 * address inside the shop's network (SSRF).
 */
import { isIP } from 'node:net';

/**
 * The push services of the browsers agents use, each with its subdomains: Chrome, Edge on
 * Android, Samsung Internet and Opera (Firebase Cloud Messaging), Firefox (Mozilla's autopush),
 * Edge on Windows (WNS), Safari (Apple's).
 */
export const KNOWN_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** A host name as URLs carry it: lower case, without IPv6 brackets or a final dot. */
function bareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/**
 * The host names of a comma-separated list (PUSH_SERVICE_HOSTS), lower-cased; null when an
 * entry is not a bare host name or IP address (a URL, a port, a path).
 */
export function parsePushServiceHosts(text: string): string[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hosts: string[] = [];
  for (const entry of entries) {
    const host = bareHost(entry);
    if (isIP(host) === 0 && !/^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})*$/.test(host))
      return null;
    hosts.push(host);
  }
  return [...new Set(hosts)];
}

/**
 * Whether `endpoint` is an https:// URL (without credentials) on a push service's host: one of
 * {@link KNOWN_PUSH_SERVICES} or `otherHosts`, or a subdomain of one. An IP address matches only
 * itself.
 */
export function isPushServiceEndpoint(
  endpoint: string,
  otherHosts: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = bareHost(url.hostname);
  return [...KNOWN_PUSH_SERVICES, ...otherHosts].some(
    (service) => host === service || (isIP(service) === 0 && host.endsWith(`.${service}`)),
  );
}
