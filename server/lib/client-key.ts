/**
 * Who a client is, as every per-client limit counts it (guesses, hashing budgets, connections): its socket's
 * address, never a header (a client writes its headers itself), reduced to what one party holds.
 *   - an IPv4 address is itself;
 *   - an IPv4-mapped IPv6 address (::ffff:a.b.c.d, how a dual-stack socket reports an IPv4 peer) is its IPv4
 *     address, so one client is one key whichever way the server listens;
 *   - any other IPv6 address is its /64: a home or a phone gets a whole /64 and may pick any address in it for
 *     each connection, so keyed on the full address one device would have billions of budgets.
 */
import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail and a zone included), or null. */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, or null. */
function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/**
 * The key a per-client limit counts a socket address under: IPv4 as is, IPv4-mapped IPv6 as its IPv4, other IPv6
 * as its /64 ("2001:db8:1:2::/64"). Anything else (no address: a socket already gone) is its own key.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return (
    mappedIpv4(groups) ??
    `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`
  );
}

/**
 * The network a client belongs to, for limits that share one budget among neighbours (the CPU gate's waiting
 * slots): an IPv4 /24 ("203.0.113"), IPv4-mapped too, or an IPv6 /64 ("2001:db8:1:2"); anything else is its own.
 */
export function networkOf(address: string): string {
  const key = clientKey(address);
  if (isIP(key) === 4) return key.slice(0, key.lastIndexOf('.'));
  return key.endsWith('::/64') ? key.slice(0, -'::/64'.length) : key;
}
