import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BasicConfig } from '../../src/api/shapes/config';
import { RICH_TEXT_BOUNDS } from '../../src/lib/bound-html';
import { sanitizeHtmlText, UnsafeRichText } from '../lib/sanitize';
import { appendRawFaq } from '../services/config';
import { startServer } from './helpers';

// The defect this replays: nothing limited the size or depth of stored rich text; 100,000 nested <b> passed the sanitizer, and a
// 2 MB FAQ added 3.5 MB to every /basic_config, which needs no session.
test('rich text nested deeper than the bound, or longer, is refused on write', () => {
  const nested = `${'<b>'.repeat(100_000)}x${'</b>'.repeat(100_000)}`;
  const t0 = performance.now();
  assert.throws(
    () => sanitizeHtmlText(nested),
    (e) => e instanceof UnsafeRichText && e.rule === 'depth',
  );
  assert.ok(performance.now() - t0 < 1000, 'refused quickly, before the sanitizer parses it');
  assert.throws(
    () => sanitizeHtmlText(`<p>${'x'.repeat(RICH_TEXT_BOUNDS.maxLength)}</p>`),
    (e) => e instanceof UnsafeRichText && e.rule === 'maxLength',
  );
  const deepButFine = `${'<b>'.repeat(RICH_TEXT_BOUNDS.maxDepth)}x${'</b>'.repeat(RICH_TEXT_BOUNDS.maxDepth)}`;
  assert.doesNotThrow(() => sanitizeHtmlText(deepButFine));
});

test('older stored rich text past the bounds is clipped as /basic_config serves it: flattened and cut, small', async (t) => {
  const s = await startServer(t);
  await appendRawFaq(s.db, 'Deep', `${'<b>'.repeat(100_000)}deep${'</b>'.repeat(100_000)}`);
  await appendRawFaq(s.db, 'Long', `<p>${'y'.repeat(2_000_000)}</p>`);
  const r = await s.request('/api/basic_config?lang=en');
  assert.ok(r.text.length < 600_000, `basic_config is ${r.text.length} characters`);
  const faqs = (r.body as { data: BasicConfig }).data.faq_config;
  const deep = faqs.find((f) => f.question.en === 'Deep')!.answer.en;
  assert.equal(deep.replace(/<\/?b>/g, ''), 'deep');
  assert.ok(deep.split('<b>').length - 1 <= RICH_TEXT_BOUNDS.maxDepth);
  assert.ok(faqs.find((f) => f.question.en === 'Long')!.answer.en.length <= RICH_TEXT_BOUNDS.maxLength);
});
