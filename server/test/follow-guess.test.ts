import assert from 'node:assert/strict';
import test from 'node:test';
import { freshMerchant, startServer, testClock } from './helpers';

// The defect this replays: proxy IDs could be tried one after another without limit, mapping who the merchants are.
test('wrong follow IDs are limited per merchant (5 per 15 min); a follow that works does not reset the count', async (t) => {
  const clock = testClock();
  const s = await startServer(t, { clock });
  const me = await freshMerchant(s);
  const other = await freshMerchant(s);
  const follow = (proxy_id: string, token = me.token) => s.call('assistanceFollow', { proxy_id }, token);
  for (let i = 0; i < 3; i++) assert.equal((await follow(`9999999${i}`)).body.data.reason, 'id_error');
  // A real follow, again and again: it answers, but the three misses stay counted.
  assert.equal((await follow(other.proxy_id)).body.code, 200);
  assert.equal((await follow(other.proxy_id)).body.code, 200);
  for (let i = 3; i < 5; i++) assert.equal((await follow(`9999999${i}`)).body.data.reason, 'id_error');
  const limited = await follow(other.proxy_id);
  assert.equal(limited.body.data.reason, 'rate_limited', limited.text);
  assert.ok((limited.body.data.retry_after ?? 0) > 0);
  // Per merchant: another merchant is not held back.
  const third = await freshMerchant(s);
  assert.equal((await follow(other.proxy_id, third.token)).body.code, 200);
  // The window passes.
  clock.advance(15 * 60_000 + 1_000);
  assert.equal((await follow(other.proxy_id)).body.code, 200);
});

test('20 wrong follow IDs at once: the limit holds (reserved before the check), at most 5 are checked', async (t) => {
  const s = await startServer(t);
  const me = await freshMerchant(s);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => s.call('assistanceFollow', { proxy_id: `8888888${i % 10}${i}` }, me.token)),
  );
  const reasons = answers.map((a) => a.body.data.reason);
  assert.equal(reasons.filter((r) => r === 'id_error').length, 5, reasons.join(','));
  assert.equal(reasons.filter((r) => r === 'rate_limited').length, 15);
});

test("an unknown ID, the merchant's own and an inactive account answer the same", async (t) => {
  const s = await startServer(t);
  const me = await freshMerchant(s);
  const inactive = await freshMerchant(s);
  await s.db.updateTable('users').set({ state: 'disabled' }).where('id', '=', inactive.id).execute();
  const bodies = [];
  for (const id of ['77777777', me.proxy_id, inactive.proxy_id]) {
    const r = await s.call('assistanceFollow', { proxy_id: id }, me.token);
    bodies.push(JSON.stringify(r.body));
  }
  assert.equal(new Set(bodies).size, 1, bodies.join('\n'));
});
