/**
 * Money helpers, for the server and the client alike. The database keeps every amount as an INTEGER count of minor units (cents); the wire carries
 * decimal strings with exactly two places ("12.50"). Conversions use BigInt arithmetic only: no float ever
 * touches an amount, so 0.1 + 0.2 problems cannot happen and the edge values round-trip exactly.
 */

const MONEY = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Cents → "12.50" (negative amounts keep their sign: "-0.05"). Throws on non-integers. */
export function fromCents(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents))
    throw new RangeError(`cents must be a safe integer: ${cents}`);
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

/** The digit-group and decimal marks `locale` writes numbers with (Intl's own, so they match what the app shows). */
export function numberMarks(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

// Spaces of every kind group digits in every language (Russian and French write a no-break space).
const SPACES = /[\s\u00a0\u202f\u2009]/g;
// The whole part, then a last mark followed by at most two digits: that mark is the decimal point.
const TYPED = /^(\d[\d.,]*?)(?:([.,])(\d{0,2}))?$/;

/**
 * Cents of an amount as a merchant types it, else null: the only parser of every amount field. It takes the
 * merchant's own format (German `10.600,27`, Russian `10 600,27`) and a plain `.` as the decimal point in every
 * language. A mark before three digits groups them only where it is the language's group mark, so in English
 * `1.234` is refused rather than read as 1234, and `1,5` (a comma is no English decimal point) is refused rather
 * than read as 15. At most 12 whole digits, no sign.
 */
export function parseTypedAmount(typed: string, locale: string): number | null {
  let s = typed.replace(SPACES, '');
  if (/^[.,]\d/.test(s)) s = `0${s}`;
  const m = TYPED.exec(s);
  if (!m) return null;
  const [, whole, point, frac = ''] = m;
  const { group, decimal } = numberMarks(locale);
  if (point && point !== '.' && point !== decimal) return null;
  const grouped = /[.,]/.test(whole);
  if (grouped && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
  const digits = grouped ? whole.split(group).join('') : whole;
  if (digits.replace(/^0+(?=\d)/, '').length > 12) return null;
  return parseCents(`${digits}.${frac || '0'}`);
}
