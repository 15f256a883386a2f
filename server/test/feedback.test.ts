/**
 * Feedback: topic and content required and bounded, images only the merchant's own uploads
 * (upload_unknown on image_ids otherwise, duplicates shown once, at most FEEDBACK_IMAGES_MAX), a retry with the same
 * request_id answers the first feedback (one row) and the same request_id for another feedback is refused, the list is the merchant's own, newest first, and the seed
 * gives the demo its past feedback; a merchant may send FEEDBACK_PER_HOUR an hour.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TOPIC_MAX,
  type FeedbackItem,
} from '../../src/api/shapes/messages';
import { FEEDBACK_PER_HOUR } from '../services/feedback';
import { freshMerchant, startServer, testClock, type Merchant, type TestServer } from './helpers';

let seq = 0;
const rid = () => `fb-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/** A stored upload of the merchant (its bytes do not matter here: uploads.test.ts covers them). */
async function uploadOf(s: TestServer, m: Merchant): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' }),
    'a.jpg',
  );
  const r = await s.request('/api/files/upload', { method: 'POST', headers: { 'X-CT': m.token }, body: form });
  assert.equal(r.body.code, 200, r.text);
  return r.body.data;
}

const rows = async (s: TestServer, userId: number) =>
  (
    await s.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

test('required and bounded fields: the envelope names the field and the rule', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const ok = { topic: 'Slow statistics', content: 'The trend loads slowly.', request_id: rid() };
  for (const [over, field, rule] of [
    [{ topic: '' }, 'topic', 'required'],
    [{ topic: '   ' }, 'topic', 'required'],
    [{ content: '' }, 'content', 'required'],
    [{ content: ' \n ' }, 'content', 'required'],
    [{ topic: undefined }, 'topic', 'required'],
    [{ topic: 'x'.repeat(FEEDBACK_TOPIC_MAX + 1) }, 'topic', 'maxLength'],
    [{ content: 'x'.repeat(FEEDBACK_CONTENT_MAX + 1) }, 'content', 'maxLength'],
    [{ topic: 'a\nb' }, 'topic', 'chars'],
    [{ content: 'evil\u202Egpj.exe' }, 'content', 'chars'],
    [{ request_id: 'short' }, 'request_id', 'minLength'],
    [{ request_id: undefined }, 'request_id', 'required'],
    [{ image_ids: [1, 2, 3, 4, 5].slice(0, FEEDBACK_IMAGES_MAX + 1) }, 'image_ids', 'maxLength'],
    [{ image_ids: [0] }, 'image_ids', 'min'],
    [{ image_ids: 'x' }, 'image_ids', 'type'],
  ] as const) {
    const r = await s.call('feedback', { ...ok, ...over }, m.token);
    assert.deepEqual([r.body.code, r.body.data.field, r.body.data.rule], [400, field, rule], JSON.stringify(over));
  }
  assert.equal(await rows(s, m.id), 0);
  assert.equal((await s.call('feedback', ok)).body.code, 401);
  assert.equal((await s.call('feedbackList', {})).body.code, 401);
  // At the limits exactly, with a multi-line body: accepted, stored trimmed.
  const full = await s.call(
    'feedback',
    {
      ...ok,
      topic: `  ${'t'.repeat(FEEDBACK_TOPIC_MAX)}  `,
      content: `line 1\r\nline 2${'c'.repeat(FEEDBACK_CONTENT_MAX - 13)}`,
    },
    m.token,
  );
  assert.equal(full.body.code, 200, full.text);
  assert.equal(full.body.data.topic, 't'.repeat(FEEDBACK_TOPIC_MAX));
  assert.ok(full.body.data.content.startsWith('line 1\nline 2'));
});

test("images: only the merchant's own uploads; another's or an unknown id is upload_unknown on image_ids; duplicates shown once, in order", async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const other = await freshMerchant(s);
  const [a, b] = [await uploadOf(s, m), await uploadOf(s, m)];
  const theirs = await uploadOf(s, other);

  for (const ids of [[theirs.id], [a.id, theirs.id], [999_999]]) {
    const r = await s.call(
      'feedback',
      { topic: 'Photo', content: 'See the photo.', image_ids: ids, request_id: rid() },
      m.token,
    );
    assert.deepEqual(
      [r.body.code, r.body.data.reason, r.body.data.field],
      [405, 'upload_unknown', 'image_ids'],
      JSON.stringify(ids),
    );
  }
  assert.equal(await rows(s, m.id), 0, 'nothing is stored when an image is refused');

  const r = await s.call(
    'feedback',
    { topic: 'Photo', content: 'See the photos.', image_ids: [b.id, a.id, b.id], request_id: rid() },
    m.token,
  );
  assert.equal(r.body.code, 200, r.text);
  const item: FeedbackItem = r.body.data;
  assert.deepEqual(item.images, [b.url, a.url]);
  assert.deepEqual([item.topic, item.content], ['Photo', 'See the photos.']);
  assert.ok(Math.abs(Date.parse(item.create_time) - Date.now()) < 60_000);
  // The images are served at those URLs.
  for (const url of item.images) assert.equal((await fetch(s.base + url)).status, 200);
  // The other merchant may use their own upload.
  const mine = await s.call(
    'feedback',
    { topic: 'Mine', content: 'My photo.', image_ids: [theirs.id], request_id: rid() },
    other.token,
  );
  assert.deepEqual(mine.body.data.images, [theirs.url]);
});

test('idempotent: a retry with the same request_id answers the first feedback, one row; another request_id is another feedback', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const img = await uploadOf(s, m);
  const input = { topic: 'Retry', content: 'Sent twice.', image_ids: [img.id], request_id: rid() };
  const first = await s.call('feedback', input, m.token);
  assert.equal(first.body.code, 200, first.text);
  const again = await s.call('feedback', input, m.token);
  assert.deepEqual(again.body, first.body);
  // The same text with its images named again in another order, or twice, is the same feedback.
  const other = await uploadOf(s, m);
  const two = { topic: 'Two photos', content: 'Both.', image_ids: [img.id, other.id], request_id: rid() };
  const firstOfTwo = await s.call('feedback', two, m.token);
  assert.equal(firstOfTwo.body.code, 200, firstOfTwo.text);
  assert.deepEqual(
    (await s.call('feedback', { ...two, image_ids: [img.id, other.id, img.id] }, m.token)).body,
    firstOfTwo.body,
  );
  assert.equal(await rows(s, m.id), 2);
  // Sent at once: still one.
  const burst = await Promise.all(
    Array.from({ length: 5 }, () => s.call('feedback', { ...input, request_id: 'burst-request-1' }, m.token)),
  );
  assert.equal(new Set(burst.map((r) => r.body.data.id)).size, 1);
  assert.equal(await rows(s, m.id), 3);
  // The same request_id from another merchant is theirs alone.
  const otherShop = await freshMerchant(s);
  const theirs = await s.call(
    'feedback',
    { topic: 'Other', content: 'Another shop.', request_id: input.request_id },
    otherShop.token,
  );
  assert.notEqual(theirs.body.data.id, first.body.data.id);
});

test('a request_id spent on one feedback is refused for another topic, text or images (request_id: same), as puts and withdrawals refuse it', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const img = await uploadOf(s, m);
  const other = await uploadOf(s, m);
  const input = { topic: 'Reused', content: 'The first text.', image_ids: [img.id], request_id: rid() };
  const first = await s.call('feedback', input, m.token);
  assert.equal(first.body.code, 200, first.text);
  const refused = { code: 400, msg: 'request_id: same', data: { field: 'request_id', rule: 'same' } };
  for (const change of [
    { topic: 'Another topic' },
    { content: 'Another text.' },
    { image_ids: [other.id] },
    { image_ids: [] },
    { image_ids: [img.id, other.id] },
  ]) {
    const r = await s.call('feedback', { ...input, ...change }, m.token);
    assert.deepEqual(r.body, refused, JSON.stringify(change));
  }
  // Nothing was stored for them, and the first feedback still answers its own retry.
  assert.equal(await rows(s, m.id), 1);
  assert.deepEqual((await s.call('feedback', input, m.token)).body, first.body);
});

test("list: the merchant's own feedback only, newest first, paged; the demo has its seeded past feedback", async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const other = await freshMerchant(s);
  assert.deepEqual((await s.call('feedbackList', {}, m.token)).body.data, {
    list: [],
    total: 0,
    page: 1,
    page_size: 10,
  });
  const sent: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const r = await s.call('feedback', { topic: `Topic ${i}`, content: `Content ${i}`, request_id: rid() }, m.token);
    sent.push(r.body.data.id);
  }
  await s.call('feedback', { topic: 'Not yours', content: 'Another shop.', request_id: rid() }, other.token);
  const list = (await s.call('feedbackList', {}, m.token)).body.data;
  assert.equal(list.total, 3);
  assert.deepEqual(
    list.list.map((f: FeedbackItem) => f.id),
    [...sent].reverse(),
  );
  assert.deepEqual(list.list[0].images, []);
  const p2 = (await s.call('feedbackList', { page: 2, page_size: 2 }, m.token)).body.data;
  assert.deepEqual([p2.total, p2.list.map((f: FeedbackItem) => f.id)], [3, [sent[0]]]);
  const bad = await s.call('feedbackList', { page_size: 0 }, m.token);
  assert.deepEqual([bad.body.code, bad.body.data.field], [400, 'page_size']);

  const demo = (await s.call('feedbackList', {}, await s.login())).body.data;
  assert.ok(demo.total >= 2 && demo.total <= 3, String(demo.total));
  const times = demo.list.map((f: FeedbackItem) => Date.parse(f.create_time));
  assert.deepEqual(
    times,
    [...times].sort((x, y) => y - x),
  );
  assert.ok(demo.list.every((f: FeedbackItem) => f.topic && f.content && f.images.length === 0));
});

test(`at most ${FEEDBACK_PER_HOUR} feedback a merchant per hour, even sent at once; a retry of one sent still answers it; the next hour is open again`, async (t) => {
  const clock = testClock();
  const s = await startServer(t, { clock });
  const m = await freshMerchant(s);
  const first = { topic: 'First', content: 'Sent first.', request_id: rid() };
  assert.equal((await s.call('feedback', first, m.token)).body.code, 200);
  const burst = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      s.call('feedback', { topic: `Burst ${i}`, content: 'Flood.', request_id: rid() }, m.token),
    ),
  );
  const answers = burst.map((r) => (r.body.code === 200 ? 'sent' : r.body.data.reason));
  assert.equal(answers.filter((a) => a === 'sent').length, FEEDBACK_PER_HOUR - 1, answers.join(' '));
  assert.equal(answers.filter((a) => a === 'rate_limited').length, 50 - (FEEDBACK_PER_HOUR - 1), answers.join(' '));
  assert.equal(await rows(s, m.id), FEEDBACK_PER_HOUR);
  const limited = burst.find((r) => r.body.code !== 200)!.body;
  assert.equal(limited.code, 405);
  assert.ok(limited.data.retry_after! > 3500 && limited.data.retry_after! <= 3600, String(limited.data.retry_after));
  // A retry of a feedback that was stored is not a new one: it answers, limit or not.
  assert.equal((await s.call('feedback', first, m.token)).body.code, 200);
  // Another merchant has a budget of their own.
  const other = await freshMerchant(s);
  assert.equal(
    (await s.call('feedback', { topic: 'Other', content: 'Another shop.', request_id: rid() }, other.token)).body.code,
    200,
  );
  clock.advance(3_600_001);
  assert.equal(
    (await s.call('feedback', { topic: 'Later', content: 'An hour later.', request_id: rid() }, m.token)).body.code,
    200,
  );
});
