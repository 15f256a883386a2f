import assert from 'node:assert/strict';
import test from 'node:test';
import { breaksChars } from '../../src/api/schema/text';
import { sanitizeHtmlText, sanitizeRichText, UnsafeRichText } from '../lib/sanitize';

// The defect this replays: the sanitizer decoded entities into characters the `chars` rule forbids, because the rule looked only
// at the raw input. Each of these was stored with a literal control or bidi character before.
const REFUSED: Array<[string, string]> = [
  ['a right-to-left override as a hex reference', '<p>a&#x202E;gpj.exe</p>'],
  ['the same as a decimal reference', '<p>a&#8238;gpj.exe</p>'],
  ['without the semicolon', '<p>a&#x202egpj.exe</p>'],
  ['ESC', '<p>colour&#x1b;[31m</p>'],
  ['a bidi isolate', '<p>x&#x2066;y</p>'],
  ['a line separator', '<p>x&#x2028;y</p>'],
  ['a literal override', '<p>a\u202Egpj.exe</p>'],
  ['a reference in an attribute', '<p><a href="https://example.com/&#x202E;">x</a></p>'],
  ['a reference in an image alt', '<img src="https://example.com/a.png" alt="a&#x202E;b">'],
];

for (const [what, html] of REFUSED) {
  test(`rich text with ${what} is refused after sanitizing, not stored`, () => {
    assert.throws(
      () => sanitizeHtmlText(html),
      (e) => e instanceof UnsafeRichText && e.rule === 'chars',
    );
    assert.throws(() => sanitizeRichText({ en: '<p>fine</p>', de: html }), UnsafeRichText);
  });
}

test('ordinary rich text passes: entities for markup, line breaks, the direction marks right-to-left writers need, emoji', () => {
  const ok = [
    '<p>Fish &amp; chips &lt;3 &quot;quoted&quot; &#169; &#x1F600;</p>',
    '<p>two\nlines\tand a tab</p>',
    '<p>\u05E9\u05DC\u05D5\u05DD 123&#x200E; ok &#x200F; \u061C</p>',
    '<ul><li>one</li><li>two</li></ul>',
  ];
  for (const html of ok) assert.doesNotThrow(() => sanitizeHtmlText(html), html);
  assert.equal(sanitizeHtmlText('<p>Fish &amp; chips</p>'), '<p>Fish &amp; chips</p>');
});

test('references HTML itself never decodes to a forbidden character come out harmless: lone surrogates and NUL as U+FFFD, C1 as windows-1252', () => {
  const cases: Array<[string, string]> = [
    ['<p>x&#xD800;y</p>', '<p>x\uFFFDy</p>'],
    ['<p>x&#xDFFF;y</p>', '<p>x\uFFFDy</p>'],
    ['<p>x&#0;y</p>', '<p>x\uFFFDy</p>'],
    ['<p>x&#x85;y</p>', '<p>x\u2026y</p>'],
  ];
  for (const [html, want] of cases) {
    const out = sanitizeHtmlText(html);
    assert.equal(out, want, html);
    assert.equal(breaksChars(out, true), false, html);
  }
});
