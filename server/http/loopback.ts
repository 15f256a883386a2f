/**
 * Loopback addresses: 127.0.0.0/8 and ::1, including their IPv4-mapped IPv6 form (::ffff:127.x.x.x), which is
 * how a dual-stack socket reports an IPv4 peer. Used to keep the test API to this machine (routes/test-api.ts)
 * and to refuse starting it on a public HOST (main.ts).
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
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}
