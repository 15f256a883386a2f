import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromCents, parseCents, toCents } from '../lib/money';

test('fromCents formats with exactly two places, integer arithmetic only', () => {
  const cases: [number | bigint, string][] = [
    [0, '0.00'], [1, '0.01'], [5, '0.05'], [10, '0.10'], [99, '0.99'], [100, '1.00'], [101, '1.01'], [1250, '12.50'],
    [-1, '-0.01'], [-5, '-0.05'], [-100, '-1.00'], [-1250, '-12.50'], [-0, '0.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'], [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
    [123456789012345n, '1234567890123.45'], [10n ** 20n + 7n, '1000000000000000000.07'],
  ];
  for (const [cents, text] of cases) assert.equal(fromCents(cents), text, `fromCents(${cents})`);
  assert.throws(() => fromCents(0.1), RangeError);
  assert.throws(() => fromCents(Number.MAX_SAFE_INTEGER + 1), RangeError);
  assert.throws(() => fromCents(Number.NaN), RangeError);
});

test('toCents parses decimal strings exactly (no float rounding)', () => {
  const cases: [string, number][] = [
    ['0', 0], ['0.0', 0], ['0.00', 0], ['-0.00', 0], ['0.01', 1], ['0.1', 10], ['0.10', 10], ['1', 100], ['12.5', 1250],
    ['12.50', 1250], [' 3.07 ', 307], ['-3.07', -307], ['+3.07', 307], ['0.29', 29], ['1.15', 115], ['4.35', 435],
    ['1.005'.slice(0, 4), 100], ['90071992547409.91', Number.MAX_SAFE_INTEGER], ['-90071992547409.91', -Number.MAX_SAFE_INTEGER],
    ['999999999999.99', 99999999999999], ['00012.30', 1230],
  ];
  for (const [text, cents] of cases) assert.equal(toCents(text), cents, `toCents(${JSON.stringify(text)})`);
  // Values where float math would go wrong: 0.29 * 100 = 28.999999999999996, 1.15 * 100 = 114.99999999999999.
  assert.notEqual(Math.trunc(0.29 * 100), toCents('0.29'));
  for (const bad of ['', '.5', '1.', '1.234', '1,50', 'abc', '1e3', '--1', '0x10', 'NaN', 'Infinity', '90071992547409.92']) {
    assert.equal(parseCents(bad), null, `parseCents(${JSON.stringify(bad)})`);
    assert.throws(() => toCents(bad), RangeError);
  }
});

test('round trip cents → string → cents is the identity on edge values', () => {
  const values = [0, 1, -1, 9, 10, 99, 100, 101, 999, 1000, 123456, -123456, 2 ** 31, 2 ** 32 + 1, 2 ** 53 - 1, -(2 ** 53 - 1)];
  for (let i = 0; i < 2000; i++) values.push(Math.floor(Math.random() * 2 ** 53) * (i % 2 ? -1 : 1));
  for (const v of values) assert.equal(toCents(fromCents(v)), v === 0 ? 0 : v, String(v));
});
