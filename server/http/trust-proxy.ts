/**
 * Which sockets are reverse proxies whose forwarded address (X-Forwarded-For) is believed: TRUST_PROXY.
 *
 * Behind a proxy or CDN every request arrives from the proxy's address, so every per-client limit (guesses, the
 * hashing budget, connections) would count all merchants as one client, and one attacker would lock everyone out.
 * With the proxies named, the client is the nearest address in X-Forwarded-For that is not a trusted proxy,
 * walking from the socket outwards (Fastify's `trustProxy`, through @fastify/proxy-addr); a request from any other
 * socket is its socket's address, whatever headers it wrote.
 *
 *   unset, "" or "false"  no proxy: the socket's address, always (the default)
 *   "127.0.0.1,10.0.0.0/8, loopback"  the proxies' addresses and networks (CIDR), or the names loopback, linklocal,
 *                         uniquelocal: only these sockets' headers are believed (the recommended form)
 *   "1" … "10"           hops: that many proxies in front, trusted by position, whoever they are. Only for a
 *                         server no client can reach but through its proxies (a private network), since any socket
 *                         then counts as a proxy
 * "true" (trust every socket) is refused: any client could then name its own address.
 */
import proxyAddr from '@fastify/proxy-addr';
import { isIP } from 'node:net';

/** Whether the address at position `hop` (0: the socket) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash < 0) return true;
  const bits = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY's value as a trust function, or null for none. Throws, saying what is accepted, on anything else, so a
 * typo stops the start instead of silently keying every client on the proxy.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false') return null;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > MAX_HOPS) throw new Error(`TRUST_PROXY=${value}: a number of hops must be 1-${MAX_HOPS}`);
    return (_address, hop) => hop < hops;
  }
  if (value.toLowerCase() === 'true') {
    throw new Error(
      "TRUST_PROXY=true would believe every client's X-Forwarded-For: name the proxies' addresses (or a number of hops)",
    );
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length || !entries.length) {
    throw new Error(
      `TRUST_PROXY=${value}: ${bad.join(', ') || 'nothing'} is not an address, a CIDR network or loopback|linklocal|uniquelocal`,
    );
  }
  return proxyAddr.compile(entries);
}

/** Whether a socket's peer is a trusted proxy (its connections then stand for many clients). */
export const isTrustedProxy = (trust: TrustProxy | null, socketAddress: string | undefined): boolean =>
  trust !== null && socketAddress !== undefined && trust(socketAddress, 0);
