/**
 * Our money code (lib/money.ts): integer minor units (cents) on one side, decimal strings with two places on the
 * wire. Fixed edge cases, then generated ones from a seeded generator, so a failure names a value that fails
 * again on the next run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromCents, parseCents, toCents } from '../../src/lib/money';

/** mulberry32: a tiny seeded PRNG (32-bit state), enough to spread test values; not for anything secret. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const SEED = 0x5eed_2026;

/** A cents value of a random magnitude (1 to 16 digits), up to ±Number.MAX_SAFE_INTEGER. */
function randomCents(next: () => number): number {
  const digits = 1 + (next() % 16);
  const big = (next() % 2 ** 21) * 2 ** 32 + next(); // 53 bits from two draws
  const v = big % 10 ** digits;
  return next() % 2 && v !== 0 ? -v : v; // never -0: no amount is negative zero
}

/** The expected cents of a decimal string, by another road than lib/money's: the digits joined, read as an integer. */
function referenceCents(sign: string, whole: string, frac: string): number {
  const n = Number(`${whole}${frac.padEnd(2, '0')}`);
  return sign === '-' && n !== 0 ? -n : n;
}

test('fromCents: exactly two places, the sign kept, big values exact', () => {
  const cases: [number | bigint, string][] = [
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [101, '1.01'],
    [1250, '12.50'],
    [-1, '-0.01'],
    [-5, '-0.05'],
    [-100, '-1.00'],
    [-1250, '-12.50'],
    [-0, '0.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
    [123456789012345n, '1234567890123.45'],
    [10n ** 20n + 7n, '1000000000000000000.07'],
  ];
  for (const [cents, text] of cases) assert.equal(fromCents(cents), text, `fromCents(${cents})`);
  // Not a count of cents: refused rather than rounded.
  for (const bad of [0.1, 12.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => fromCents(bad), RangeError, `fromCents(${bad})`);
  }
});

test('toCents: decimal strings to exact cents; anything else refused', () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['0.0', 0],
    ['0.00', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['0.10', 10],
    ['1', 100],
    ['12.5', 1250],
    ['12.50', 1250],
    [' 3.07 ', 307],
    ['-3.07', -307],
    ['+3.07', 307],
    ['00012.30', 1230],
    ['999999999999.99', 99999999999999],
    // Amounts whose binary floating-point value is just below the decimal one (0.29 is 0.28999…): still exact.
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['1.13', 113],
    ['8.20', 820],
    ['1.00', 100],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
    ['-90071992547409.91', -Number.MAX_SAFE_INTEGER],
  ];
  for (const [text, cents] of cases) assert.equal(toCents(text), cents, `toCents(${JSON.stringify(text)})`);
  assert.ok(Object.is(toCents('-0.00'), 0), 'no negative zero');
  for (const bad of [
    '',
    ' ',
    '.5',
    '1.',
    '1.234',
    '1.005',
    '1,50',
    'abc',
    '1e3',
    '--1',
    '+-1',
    '0x10',
    'NaN',
    'Infinity',
    '1 000',
    '90071992547409.92',
  ]) {
    assert.equal(parseCents(bad), null, `parseCents(${JSON.stringify(bad)})`);
    assert.throws(() => toCents(bad), RangeError, `toCents(${JSON.stringify(bad)})`);
  }
});

test(`round trips, generated (seed ${SEED}): cents → text → cents is the identity, and text → cents agrees with the digits`, () => {
  const next = prng(SEED);
  const edges = [0, 1, -1, 9, 10, 99, 100, 101, 999, 1000, 2 ** 31, 2 ** 32 + 1, 2 ** 53 - 1, -(2 ** 53 - 1)];
  const values = [...edges, ...Array.from({ length: 3000 }, () => randomCents(next))];
  for (const v of values) {
    const text = fromCents(v);
    assert.match(text, /^-?\d+\.\d{2}$/, String(v));
    assert.equal(toCents(text), v, `${v} → ${text}`);
  }
  for (let i = 0; i < 3000; i++) {
    const sign = ['', '-', '+'][next() % 3];
    const whole = String(next() % 10 ** (1 + (next() % 9))); // up to 9 digits: well inside the safe range
    const places = next() % 3; // "12", "12.5" or "12.05"
    const frac =
      places === 0
        ? ''
        : String(next() % 100)
            .padStart(2, '0')
            .slice(0, places);
    const text = frac === '' ? `${sign}${whole}` : `${sign}${whole}.${frac}`;
    const expected = referenceCents(sign, whole, frac);
    assert.equal(toCents(text), expected, `toCents(${JSON.stringify(text)})`);
    // And back: the canonical text of the same amount.
    assert.equal(toCents(fromCents(expected)), expected);
  }
});

test(`sums in cents are exact (seed ${SEED + 1}): adding parsed amounts equals parsing their sum`, () => {
  const next = prng(SEED + 1);
  for (let i = 0; i < 2000; i++) {
    const a = randomCents(next) % 10 ** 12; // two amounts whose sum stays a safe integer
    const b = randomCents(next) % 10 ** 12;
    assert.equal(toCents(fromCents(a)) + toCents(fromCents(b)), toCents(fromCents(a + b)), `${a} + ${b}`);
    assert.equal(fromCents(a + b), fromCents(BigInt(a) + BigInt(b)));
  }
});
