// Every language file has every key of en.json, with non-empty text and the same {{placeholders}}.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const dir = new URL('../../locales/', import.meta.url);
const CODES = ['cht', 'de', 'en', 'fr', 'jp', 'kor', 'pt', 'ru', 'spa', 'th', 'vi', 'zh'];
const flat = (o, p = '', r = {}) => {
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object') flat(v, `${p}${k}.`, r);
    else r[p + k] = v;
  }
  return r;
};
const load = (code) => flat(JSON.parse(readFileSync(new URL(`${code}.json`, dir), 'utf8')));
const en = load('en');
const placeholders = (s) =>
  [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

test('there is one file per language of the app (docs/product.md, "Languages"), and no other', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace('.json', ''))
    .sort();
  assert.deepEqual(files, [...CODES].sort());
});

for (const code of CODES.filter((c) => c !== 'en')) {
  test(`${code}.json has every key of en.json, translated, with the same placeholders`, () => {
    const m = load(code);
    const missing = Object.keys(en).filter((k) => !(k in m));
    assert.deepEqual(missing, [], `${code} lacks keys`);
    const extra = Object.keys(m).filter((k) => !(k in en));
    assert.deepEqual(extra, [], `${code} has keys en.json does not`);
    for (const k of Object.keys(en)) {
      assert.ok(String(m[k]).trim(), `${code}:${k} is empty`);
      assert.equal(placeholders(m[k]), placeholders(en[k]), `${code}:${k} placeholders differ`);
    }
    // Real translations, not copies: most long texts must differ from English (names of languages etc. may not).
    const long = Object.keys(en).filter((k) => String(en[k]).length > 12 && !k.startsWith('languages.'));
    const copied = long.filter((k) => m[k] === en[k]);
    assert.ok(copied.length <= long.length * 0.1, `${code} copies English for: ${copied.slice(0, 10).join(', ')}`);
  });
}

// A soft hyphen (U+00AD) marks where a long word may break with a hyphen; it belongs between two letters.
test('soft hyphens stand only inside words, between two letters', () => {
  for (const code of CODES) {
    for (const [k, v] of Object.entries(load(code))) {
      for (const m of String(v).matchAll(/\u00ad/g)) {
        const before = String(v)[m.index - 1] ?? '';
        const after = String(v)[m.index + 1] ?? '';
        assert.ok(
          /\p{L}/u.test(before) && /\p{L}/u.test(after),
          `${code}:${k} has a soft hyphen outside a word: ${JSON.stringify(v)}`,
        );
      }
    }
  }
});

test('every business reason the server names has its message in en.json (and so, above, in every language)', async () => {
  const { REASONS } = await import('../../src/api/reasons.ts');
  const { reasonKey } = await import('../../src/app/error-text.ts');
  const missing = REASONS.filter((r) => typeof en[reasonKey(r)] !== 'string').map((r) => `${r} → ${reasonKey(r)}`);
  assert.deepEqual(missing, []);
  assert.equal(reasonKey('coupon_used'), 'errors.couponUsed');
  assert.equal(reasonKey('entry_link_expired'), 'errors.entryLinkExpired');
  assert.equal(reasonKey('startup_funds_not_returned'), 'errors.startupFunds');
});
