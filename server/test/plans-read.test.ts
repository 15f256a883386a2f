/**
 * Reading plans over HTTP: the order list (newest first, ties by id; a status's plans; every tab's count; pages),
 * a plan's detail (the figures with a negative profit, the timeline oldest first, what the put took), its product,
 * the await-put count, and another merchant's or a missing plan answered as not found.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { PLAN_STATUSES, type Plan } from '../../src/api/shapes/plan';
import { addPlan, planServer } from './plans-support';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

test("the list: newest first (ties by id), a status filter, every tab's count, pages", async (t) => {
  const { s, m, other } = await planServer(t);
  const spec: [string, number][] = [
    ['waitPut', 1],
    ['waitPut', 5],
    ['matching', 2],
    ['puting', 3],
    ['putFailed', 4],
    ['putFinished', 6],
    ['settled', 7],
    ['waitSettlement', 8],
    ['settled', 9],
    ['puting', 3],
  ];
  const ids: number[] = [];
  for (const [status, h] of spec)
    ids.push((await addPlan(s.db, m.id, { status, createdAt: ago(h), putCents: 20_000 })).id);
  await addPlan(s.db, other.id, { status: 'waitPut' });

  const all = await s.call('planList', { page_size: 50 }, m.token);
  assert.equal(all.body.code, 200, all.text);
  // By creation, newest first; the two created 3 hours ago: the later id first.
  const expected = spec
    .map(([, h], i) => ({ h, id: ids[i] }))
    .sort((a, b) => a.h - b.h || b.id - a.id)
    .map((x) => x.id);
  assert.deepEqual(
    all.body.data.list.map((p: Plan) => p.id),
    expected,
  );
  assert.equal(all.body.data.total, 10);
  assert.deepEqual(all.body.data.counts, {
    all: 10,
    waitPut: 2,
    matching: 1,
    puting: 2,
    putFailed: 1,
    putFinished: 1,
    waitSettlement: 1,
    settled: 2,
  });
  for (const st of PLAN_STATUSES) assert.equal(typeof all.body.data.counts[st], 'number', st);

  const puting = await s.call('planList', { status: 'puting' }, m.token);
  assert.deepEqual(
    puting.body.data.list.map((p: Plan) => p.id),
    [ids[9], ids[3]],
  );
  assert.equal(puting.body.data.total, 2);
  assert.equal(puting.body.data.counts.all, 10, 'counts are for every tab, whatever the filter');

  // Pages of 4: 4 + 4 + 2, together the whole list in order, nothing twice.
  const pages = [];
  for (const page of [1, 2, 3]) {
    const r = await s.call('planList', { page, page_size: 4 }, m.token);
    assert.equal(r.body.data.page, page);
    assert.equal(r.body.data.page_size, 4);
    pages.push(...r.body.data.list.map((p: Plan) => p.id));
  }
  assert.deepEqual(pages, expected);
  assert.deepEqual((await s.call('planList', { page: 4, page_size: 4 }, m.token)).body.data.list, []);
  // The default page size is 10.
  assert.equal((await s.call('planList', {}, m.token)).body.data.page_size, 10);

  // The other merchant sees only their own.
  const theirs = await s.call('planList', {}, other.token);
  assert.equal(theirs.body.data.total, 1);
  assert.equal(theirs.body.data.counts.waitPut, 1);
});

test('a plan on the wire: money as strings, put_amount 0.00 while waiting, official a boolean, the product embedded', async (t) => {
  const { s, m } = await planServer(t);
  const waiting = await addPlan(s.db, m.id, { status: 'waitPut', putCents: 55_500, lowest: 10_050, highest: 99_999 });
  const live = await addPlan(s.db, m.id, { status: 'puting', putCents: 123_456, official: true });
  const list: Plan[] = (await s.call('planList', {}, m.token)).body.data.list;
  const w = list.find((p) => p.id === waiting.id)!;
  assert.equal(w.put_amount, '0.00');
  assert.equal(w.lowest_put_amount, '100.50');
  assert.equal(w.highest_put_amount, '999.99');
  assert.equal(w.official, false);
  assert.equal(w.status, 'waitPut');
  assert.equal(w.plan_no, waiting.plan_no);
  const product = await s.db
    .selectFrom('products')
    .select(['id', 'name', 'image', 'price_cents', 'description'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  assert.deepEqual(w.product, {
    id: 1,
    name: product.name,
    image: product.image,
    price: `${Math.floor(product.price_cents / 100)}.${String(product.price_cents % 100).padStart(2, '0')}`,
    description: product.description,
  });
  const l = list.find((p) => p.id === live.id)!;
  assert.equal(l.put_amount, '1234.56');
  assert.equal(l.official, true);
  assert.equal(typeof l.put_progress, 'number');
  assert.match(l.create_time, /^\d{4}-\d\d-\d\dT/);
});

test('the detail: figures (a loss shows a negative profit), the timeline oldest first, paid and coupon discount', async (t) => {
  const { s, m } = await planServer(t);
  const p = await addPlan(s.db, m.id, {
    status: 'settled',
    createdAt: ago(10),
    putCents: 50_000,
    impressions: 12_345,
    clicks: 678,
    consumedCents: 40_123,
    revenueCents: 39_000,
  });
  await s.db
    .updateTable('plans')
    .set({ paid_cents: 45_000, coupon_discount_cents: 5_000 })
    .where('id', '=', p.id)
    .execute();
  // The timeline as the simulation would have written it (plus the waitPut and settled rows addPlan wrote).
  await s.db.deleteFrom('plan_events').where('plan_id', '=', p.id).where('status', '=', 'settled').execute();
  for (const [status, h] of [
    ['matching', 9],
    ['puting', 8],
    ['putFinished', 5],
    ['waitSettlement', 4],
    ['settled', 3],
  ] as const) {
    await s.db
      .insertInto('plan_events')
      .values({ plan_id: p.id, status, at: ago(h) })
      .execute();
  }
  const r = await s.call('planDetail', { id: p.id }, m.token);
  assert.equal(r.body.code, 200, r.text);
  const d = r.body.data;
  assert.deepEqual(d.figures, {
    impressions: 12_345,
    clicks: 678,
    consumed: '401.23',
    revenue: '390.00',
    profit: '-11.23',
  });
  assert.deepEqual(
    d.timeline.map((e: { status: string }) => e.status),
    ['waitPut', 'matching', 'puting', 'putFinished', 'waitSettlement', 'settled'],
  );
  const times = d.timeline.map((e: { time: string }) => Date.parse(e.time));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
  );
  assert.equal(d.paid, '450.00');
  assert.equal(d.coupon_discount, '50.00');
  assert.equal(d.put_amount, '500.00');
  assert.equal(d.plan_no, p.plan_no);
  assert.equal(d.content, 'Content');

  // A profitable plan: a positive profit.
  const good = await addPlan(s.db, m.id, {
    status: 'settled',
    putCents: 10_000,
    consumedCents: 10_000,
    revenueCents: 12_501,
  });
  assert.equal((await s.call('planDetail', { id: good.id }, m.token)).body.data.figures.profit, '25.01');

  // Before the put: nothing paid, no coupon, only the waitPut row.
  const waiting = await addPlan(s.db, m.id, { status: 'waitPut' });
  const w = (await s.call('planDetail', { id: waiting.id }, m.token)).body.data;
  assert.equal(w.paid, null);
  assert.equal(w.coupon_discount, null);
  assert.deepEqual(
    w.timeline.map((e: { status: string }) => e.status),
    ['waitPut'],
  );
  assert.deepEqual(w.figures, { impressions: 0, clicks: 0, consumed: '0.00', revenue: '0.00', profit: '0.00' });
});

test("another merchant's plan or a missing one: not found, for the detail, the product and the put", async (t) => {
  const { s, m, other } = await planServer(t);
  const theirs = await addPlan(s.db, other.id, { status: 'waitPut' });
  for (const id of [theirs.id, 999_999]) {
    for (const key of ['planDetail', 'planAppDetail'] as const) {
      const r = await s.call(key, { id }, m.token);
      assert.equal(r.body.code, 405, `${key} ${id}`);
      assert.equal(r.body.data.reason, 'not_found');
    }
    const put = await s.call(
      'planPut',
      { id, amount: '100.00', official: false, request_id: `rq-${id}-abcdef` },
      m.token,
    );
    assert.equal(put.body.data.reason, 'not_found');
  }
  // Their owner sees it.
  assert.equal((await s.call('planDetail', { id: theirs.id }, other.token)).body.code, 200);
});

test('the product of a plan, and the await-put count', async (t) => {
  const { s, m, other } = await planServer(t);
  const p = await addPlan(s.db, m.id, { status: 'puting', productId: 2 });
  await addPlan(s.db, m.id, { status: 'waitPut' });
  await addPlan(s.db, m.id, { status: 'waitPut' });
  await addPlan(s.db, other.id, { status: 'waitPut' });
  const r = await s.call('planAppDetail', { id: p.id }, m.token);
  assert.equal(r.body.code, 200, r.text);
  const row = await s.db
    .selectFrom('products')
    .select(['name', 'description'])
    .where('id', '=', 2)
    .executeTakeFirstOrThrow();
  assert.equal(r.body.data.id, 2);
  assert.equal(r.body.data.name, row.name);
  assert.equal(r.body.data.description, row.description);
  assert.match(r.body.data.price, /^\d+\.\d\d$/);

  assert.deepEqual((await s.call('planAwaitCount', {}, m.token)).body.data, { count: 2 });
  assert.deepEqual((await s.call('planAwaitCount', {}, other.token)).body.data, { count: 1 });
});

test('reading needs a session; malformed list and detail input answers 400 naming the field', async (t) => {
  const { s, m } = await planServer(t);
  assert.equal((await s.call('planList', {})).body.code, 401);
  assert.equal((await s.call('planDetail', { id: 1 })).body.code, 401);
  assert.equal((await s.call('planAwaitCount', {})).body.code, 401);
  const bad: [string, Record<string, unknown>, string][] = [
    ['planList', { status: 'nope' }, 'status'],
    ['planList', { page: 0 }, 'page'],
    ['planList', { page_size: 51 }, 'page_size'],
    ['planList', { page: 'x' }, 'page'],
    ['planDetail', {}, 'id'],
    ['planDetail', { id: 0 }, 'id'],
    ['planDetail', { id: 'abc' }, 'id'],
    ['planDetail', { id: 1.5 }, 'id'],
    ['planAppDetail', { id: -3 }, 'id'],
  ];
  for (const [key, input, field] of bad) {
    const r = await s.call(key as 'planList', input, m.token);
    assert.equal(r.body.code, 400, `${key} ${JSON.stringify(input)}: ${r.text}`);
    assert.equal(r.body.data.field, field, `${key} ${JSON.stringify(input)}`);
  }
});
