/**
 * Loopback addresses: 127.0.0.0/8 and ::1, including their IPv4-mapped IPv6 form (::ffff:127.x.x.x), which is
 * how a dual-stack socket reports an IPv4 peer. Used to keep the test API to this machine (routes/test-api.ts),
 * to refuse starting it on a public HOST and to warn about an open CORS policy on one (main.ts).
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6'); // BlockList also matches ::ffff:127.x against the IPv4 subnet

/** True for a literal loopback IP address; names (even "localhost") and anything unparsable are false. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = isIP(address ?? '');
  return family !== 0 && LOOPBACK.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

/** True when listening on `host` only accepts connections from this machine ("localhost", [::1], 127.x). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}

/**
 * True when a request's Host header names this machine by a loopback name: localhost, a 127.x address or [::1]
 * (an IPv4-mapped 127.x too), with or without a port. A browser sends the name it was given in the URL, so a
 * page whose own domain was made to resolve to 127.0.0.1 (DNS rebinding) arrives with that domain here. Nothing
 * else is accepted: no other name that might resolve to this machine, no userinfo, no trailing dot.
 */
export function isLoopbackHostHeader(value: string | undefined): boolean {
  const m = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::(\d{1,5}))?$/i.exec(value ?? '');
  if (!m) return false;
  if (m[3] !== undefined && Number(m[3]) > 65535) return false;
  if (m[1] !== undefined) return isIP(m[1]) === 6 && isLoopbackAddress(m[1]);
  const name = m[2].toLowerCase();
  return name === 'localhost' || (isIP(name) === 4 && isLoopbackAddress(name));
}
