/**
 * Money helpers, for the server and the client alike. The database keeps every amount as an INTEGER count of minor units (cents); the wire carries
 * decimal strings with exactly two places ("12.50"). Conversions use BigInt arithmetic only: no float ever
 * touches an amount, so 0.1 + 0.2 problems cannot happen and the edge values round-trip exactly.
 */

const MONEY = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Cents → "12.50" (negative amounts keep their sign: "-0.05"). Throws on non-integers. */
export function fromCents(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer: ${cents}`);
  const n = BigInt(cents);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  return `${neg ? '-' : ''}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** "12.5" / "12.50" / "12" / "-3.05" → cents. Throws on anything else, or beyond Number.MAX_SAFE_INTEGER cents. */
export function toCents(amount: string): number {
  const cents = parseCents(amount);
  if (cents === null) throw new RangeError(`not a money amount: ${JSON.stringify(amount)}`);
  return cents;
}

/** Like toCents but returns null instead of throwing. */
export function parseCents(amount: string): number | null {
  const m = MONEY.exec(amount.trim());
  if (!m) return null;
  const whole = m[2] ?? '0';
  const frac = (m[3] ?? '').padEnd(2, '0');
  let n = BigInt(whole) * 100n + BigInt(frac);
  if (n > MAX) return null;
  if (m[1] === '-') n = -n;
  return n === 0n ? 0 : Number(n);
}
