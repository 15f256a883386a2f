/**
 * Money on the wire is a decimal string ("1234.50"); the put dialog's checks and its "you pay" line work in whole
 * cents, as the server does, so the two never disagree by a rounding.
 */
const MONEY = /^\s*(\d{1,12})(?:\.(\d{1,2}))?\s*$/;

/** Cents of a money string, or null when it is not one (the schema's money format: up to two decimals). */
export function toCents(s: string): number | null {
  const m = MONEY.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The wire form of cents: "1234.50", "-0.05". */
export function fromCents(c: number): string {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
