/**
 * Plan follow: following by follow ID (`proxy_id`; unknown, own, inactive → id_error on the field; valid;
 * duplicate answers the record), the list (the shop's name unmasked, live plans, newest first, paging), the seeded
 * follows, unfollowing (only one's own records, idempotent by request_id, validated), and the operating rules
 * naming the follow ID as the app does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { seed } from '../seed/seed';
import { seedMerchantCoupons } from '../seed/seed-coupons';
import { OPERATING_RULES } from '../seed/seed-data';
import { inTransaction } from '../storage/transaction';
import { freshMerchant as fresh, startServer, type TestServer } from './helpers';
import { emptyStore } from './seeded-db';

const followRows = async (s: TestServer, userId: number): Promise<number> =>
  (
    await s.db
      .selectFrom('follow_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

/** A live (puting) plan for the user, so live_plans has something to count. */
async function addPlan(s: TestServer, userId: number, status: string): Promise<void> {
  const now = new Date().toISOString();
  const product = await s.db
    .insertInto('products')
    .values({ name: 'Follow test product', price_cents: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await s.db
    .insertInto('plans')
    .values({
      plan_no: `FT${userId}-${Math.random().toString(36).slice(2)}`,
      user_id: userId,
      product_id: product.id,
      status,
      lowest_put_cents: 100,
      highest_put_cents: 1000,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const setNickname = (s: TestServer, userId: number, nickname: string) =>
  s.db.updateTable('users').set({ nickname }).where('id', '=', userId).execute();

/** The merchants with these follow IDs lose them (`gone-…`): as if the accounts were gone. */
async function retireProxyIds(s: TestServer, where: { id: number } | { proxyIds: string[] }): Promise<void> {
  const rows = await s.db
    .selectFrom('users')
    .select(['id', 'proxy_id'])
    .$if('id' in where, (qb) => qb.where('id', '=', (where as { id: number }).id))
    .$if('proxyIds' in where, (qb) => qb.where('proxy_id', 'in', (where as { proxyIds: string[] }).proxyIds))
    .execute();
  for (const r of rows)
    await s.db
      .updateTable('users')
      .set({ proxy_id: `gone-${r.proxy_id}` })
      .where('id', '=', r.id)
      .execute();
}

test("follow a valid ID: the record with the shop's name (unmasked) and live plans; again answers the same record", async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  const op = await fresh(s);
  await setNickname(s, op.id, 'Mountain Tea');
  // The fresh merchant may hold seeded plans of its own: two more in delivery, one settled.
  const live = async () =>
    (
      await s.db
        .selectFrom('plans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', op.id)
        .where('status', '=', 'puting')
        .executeTakeFirstOrThrow()
    ).n;
  const seeded = await live();
  await addPlan(s, op.id, 'puting');
  await addPlan(s, op.id, 'puting');
  await addPlan(s, op.id, 'settled');
  assert.equal(await live(), seeded + 2);
  const before = await followRows(s, me.id);
  const r = await s.call('assistanceFollow', { proxy_id: op.proxy_id }, me.token);
  assert.equal(r.body.code, 200, r.text);
  assert.equal(r.body.data.proxy_id, op.proxy_id);
  assert.equal(r.body.data.nickname, 'Mountain Tea');
  assert.equal(r.body.data.live_plans, seeded + 2);
  assert.ok(Math.abs(Date.parse(r.body.data.create_time) - Date.now()) < 10_000);
  assert.equal(await followRows(s, me.id), before + 1);

  const again = await s.call('assistanceFollow', { proxy_id: op.proxy_id }, me.token);
  assert.deepEqual(again.body, r.body);
  // 20 sent at once over HTTP: one process judges them in turn (the race across connections: concurrency.test.ts).
  const burst = await Promise.all(
    Array.from({ length: 20 }, () => s.call('assistanceFollow', { proxy_id: op.proxy_id }, me.token)),
  );
  for (const b of burst) assert.equal(b.body.data.id, r.body.data.id);
  assert.equal(await followRows(s, me.id), before + 1, 'no duplicate row');

  const list = await s.call('assistanceList', {}, me.token);
  assert.equal(list.body.data.list[0].id, r.body.data.id, 'newest first');
  assert.equal(list.body.data.list[0].live_plans, seeded + 2);
  assert.equal(list.body.data.list[0].nickname, 'Mountain Tea');
  assert.ok(
    list.body.data.list.every((f) => f.nickname !== '' && !f.nickname.includes('***')),
    'every name shown whole',
  );

  // A renamed shop shows its name of now; one gone shows the name it had when followed.
  await setNickname(s, op.id, 'Mountain Tea House');
  assert.equal((await s.call('assistanceList', {}, me.token)).body.data.list[0].nickname, 'Mountain Tea House');
  await retireProxyIds(s, { id: op.id });
  assert.equal((await s.call('assistanceList', {}, me.token)).body.data.list[0].nickname, 'Mountain Tea');
});

test("id_error on the field for an unknown ID, the merchant's own, and an account that is not active", async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  const disabled = await fresh(s);
  await s.db.updateTable('users').set({ state: 'disabled' }).where('id', '=', disabled.id).execute();
  const before = await followRows(s, me.id);
  for (const proxy_id of ['99999999', me.proxy_id, disabled.proxy_id, '10000004' /* the seeded deleted account */]) {
    const r = await s.call('assistanceFollow', { proxy_id }, me.token);
    assert.equal(r.status, 200);
    assert.equal(r.body.code, 405, proxy_id);
    assert.deepEqual(r.body.data, { reason: 'id_error', field: 'proxy_id' });
    assert.equal(r.body.msg, 'ID error, please re-enter');
  }
  assert.equal(await followRows(s, me.id), before);
});

test('field errors answer the envelope; no token is 401', async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  for (const input of [
    {},
    { proxy_id: '' },
    { proxy_id: '1000-0001' },
    { proxy_id: '1'.repeat(33) },
    { proxy_id: 10000001 },
  ]) {
    const r = await s.call('assistanceFollow', input, me.token);
    assert.equal(r.body.code, 400, JSON.stringify(input));
    assert.equal(r.body.data.field, 'proxy_id');
    assert.equal(typeof r.body.data.rule, 'string');
  }
  for (const input of [{ page: 0 }, { page_size: 51 }, { page: 'x' }]) {
    assert.equal((await s.call('assistanceList', input, me.token)).body.code, 400);
  }
  assert.equal((await s.call('assistanceFollow', { proxy_id: '10000001' })).body.code, 401);
  assert.equal((await s.call('assistanceList', {})).body.code, 401);
});

test('the list pages newest first (default 10) with the total', async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  const ops = [];
  for (let i = 0; i < 12; i++) ops.push(await fresh(s));
  for (const [i, op] of ops.entries()) {
    await setNickname(s, op.id, `Operator ${String.fromCharCode(65 + i)}`);
    assert.equal((await s.call('assistanceFollow', { proxy_id: op.proxy_id }, me.token)).body.code, 200);
  }
  const total = await followRows(s, me.id);
  const p1 = await s.call('assistanceList', {}, me.token);
  assert.equal(p1.body.data.total, total);
  assert.equal(p1.body.data.page_size, 10);
  assert.equal(p1.body.data.list.length, 10);
  const p2 = await s.call('assistanceList', { page: 2 }, me.token);
  assert.equal(p2.body.data.list.length, total - 10);
  const all = [...p1.body.data.list, ...p2.body.data.list];
  assert.equal(new Set(all.map((f) => f.id)).size, total);
  const times = all.map((f) => f.create_time);
  assert.deepEqual(times, [...times].sort().reverse());
  assert.equal(p1.body.data.list[0].proxy_id, ops.at(-1)!.proxy_id);
  assert.equal(p1.body.data.list[0].nickname, 'Operator L');
});

test('the seed: a merchant follows 10000011 and 10000012 when they exist, and skips them when they do not', async (t) => {
  const s = await startServer(t);
  const now = new Date().toISOString();
  const insert = (username: string, nickname: string, proxy_id: string) =>
    s.db
      .insertInto('users')
      .values({ username, nickname, password_hash: null, proxy_id, created_at: now, updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  // Without the operators (removed if another seed made them): nothing to follow, no error.
  const lone = await fresh(s);
  await s.db.deleteFrom('follow_records').where('user_id', '=', lone.id).execute();
  await retireProxyIds(s, { proxyIds: ['10000011', '10000012'] });
  await inTransaction(s.db, (trx) => seedMerchantCoupons(trx, lone.id, now));
  assert.equal(await followRows(s, lone.id), 0);

  await insert('follow-a', 'Shop A', '10000011');
  await insert('follow-b', 'Shop B', '10000012');
  const me = await fresh(s);
  const list = (await s.call('assistanceList', {}, me.token)).body.data.list;
  assert.deepEqual(list.map((f) => f.proxy_id).sort(), ['10000011', '10000012']);
  assert.deepEqual(list.map((f) => f.nickname).sort(), ['Shop A', 'Shop B']);
});

const unfollowRows = async (s: TestServer, userId: number): Promise<number> =>
  (
    await s.db
      .selectFrom('follow_unfollows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

test('unfollow: the record goes from the list; the same request_id again answers the same, a new one not_found', async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  const op = await fresh(s);
  const followed = (await s.call('assistanceFollow', { proxy_id: op.proxy_id }, me.token)).body.data;
  const before = await followRows(s, me.id);
  const total = (await s.call('assistanceList', {}, me.token)).body.data.total;

  const r = await s.call('assistanceUnfollow', { id: followed.id, request_id: 'unfollow-0001' }, me.token);
  assert.equal(r.body.code, 200, r.text);
  assert.deepEqual(r.body.data, { id: followed.id, proxy_id: op.proxy_id });
  assert.equal(await followRows(s, me.id), before - 1);
  const list = (await s.call('assistanceList', {}, me.token)).body.data;
  assert.equal(list.total, total - 1);
  assert.ok(!list.list.some((f) => f.id === followed.id || f.proxy_id === op.proxy_id));

  // A retry of the same request (its answer lost): the same answer, nothing else removed.
  const again = await s.call('assistanceUnfollow', { id: followed.id, request_id: 'unfollow-0001' }, me.token);
  assert.deepEqual(again.body, r.body);
  assert.equal(await followRows(s, me.id), before - 1);
  // A new tap on what is gone: not_found, and nothing recorded for it.
  const gone = await s.call('assistanceUnfollow', { id: followed.id, request_id: 'unfollow-0002' }, me.token);
  assert.equal(gone.body.code, 405);
  assert.equal(gone.body.data.reason, 'not_found');
  assert.equal(await unfollowRows(s, me.id), 1);

  // Following again works and gives a record that the old request_id does not touch.
  const refollowed = (await s.call('assistanceFollow', { proxy_id: op.proxy_id }, me.token)).body.data;
  assert.equal(refollowed.proxy_id, op.proxy_id);
  const replay = await s.call('assistanceUnfollow', { id: followed.id, request_id: 'unfollow-0001' }, me.token);
  assert.equal(replay.body.code, 200);
  assert.ok(
    (await s.call('assistanceList', {}, me.token)).body.data.list.some((f) => f.id === refollowed.id),
    'still followed',
  );
});

test("unfollow refuses another merchant's follow (not_found, theirs untouched) and a request_id spent on another record", async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  const other = await fresh(s);
  const theirs = (await s.call('assistanceList', {}, other.token)).body.data.list[0];
  const mine = (await s.call('assistanceList', {}, me.token)).body.data.list;
  assert.ok(theirs && mine.length >= 2, 'the seeded follows');
  const theirRows = await followRows(s, other.id);

  const r = await s.call('assistanceUnfollow', { id: theirs.id, request_id: 'not-mine-0001' }, me.token);
  assert.equal(r.body.code, 405);
  assert.deepEqual(r.body.data, { reason: 'not_found' });
  assert.equal(await followRows(s, other.id), theirRows);
  assert.equal(
    (await s.call('assistanceUnfollow', { id: 2_000_000_000, request_id: 'not-mine-0002' }, me.token)).body.data.reason,
    'not_found',
  );

  assert.equal(
    (await s.call('assistanceUnfollow', { id: mine[0].id, request_id: 'spent-00001' }, me.token)).body.code,
    200,
  );
  const reused = await s.call('assistanceUnfollow', { id: mine[1].id, request_id: 'spent-00001' }, me.token);
  assert.equal(reused.body.code, 400);
  assert.deepEqual(reused.body.data, { field: 'request_id', rule: 'same' });
  assert.ok(
    (await s.call('assistanceList', {}, me.token)).body.data.list.some((f) => f.id === mine[1].id),
    'the other record stays',
  );
});

test('unfollow validates every field; no token is 401; 20 at once with one request_id remove one record', async (t) => {
  const s = await startServer(t);
  const me = await fresh(s);
  const [a, b] = (await s.call('assistanceList', {}, me.token)).body.data.list;
  for (const [input, field] of [
    [{ request_id: 'valid-id-01' }, 'id'],
    [{ id: 0, request_id: 'valid-id-01' }, 'id'],
    [{ id: 1.5, request_id: 'valid-id-01' }, 'id'],
    [{ id: a.id }, 'request_id'],
    [{ id: a.id, request_id: 'short' }, 'request_id'],
    [{ id: a.id, request_id: 'x'.repeat(65) }, 'request_id'],
    [{ id: a.id, request_id: 12345678 }, 'request_id'],
  ] as const) {
    const r = await s.call('assistanceUnfollow', input, me.token);
    assert.equal(r.body.code, 400, JSON.stringify(input));
    assert.equal(r.body.data.field, field, JSON.stringify(input));
  }
  assert.equal((await s.call('assistanceUnfollow', { id: a.id, request_id: 'no-token-01' })).body.code, 401);
  assert.equal(await followRows(s, me.id), 2, 'nothing removed by a refused call');

  const burst = await Promise.all(
    Array.from({ length: 20 }, () => s.call('assistanceUnfollow', { id: b.id, request_id: 'burst-00001' }, me.token)),
  );
  for (const r of burst) assert.deepEqual(r.body.data, { id: b.id, proxy_id: b.proxy_id });
  assert.equal(await followRows(s, me.id), 1);
  assert.equal(await unfollowRows(s, me.id), 1);
});

test("the operating rules name the follow ID as each language's app does (operated.idLabel), and an older seed's rules are upgraded", async () => {
  for (const [lang, html] of Object.entries(OPERATING_RULES)) {
    const locale = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as {
      operated: { idLabel: string };
    };
    assert.ok(
      html.toLowerCase().includes(locale.operated.idLabel.toLowerCase()),
      `${lang}: "${locale.operated.idLabel}" in the rules`,
    );
    assert.doesNotMatch(html, /proxy|прокси|พร็อกซี|代理|プロキシ|프록시/i, lang);
  }
  // What the seed before content version 2 wrote, byte for byte (its hash is what the upgrade recognises).
  const older = JSON.stringify(
    Object.fromEntries(
      Object.entries(OPERATING_RULES).map(([lang, html]) => [
        lang,
        OLD_WORDS.reduce((h, [now, was]) => h.replace(now, was), html),
      ]),
    ),
  );
  const store = await emptyStore();
  const db = store.db;
  try {
    await db
      .insertInto('config')
      .values([
        { key: 'operating_rules', value: older },
        { key: 'content_version', value: '1' },
      ])
      .execute();
    await seed(db);
    const value = async (key: string) =>
      (await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
    assert.equal(await value('operating_rules'), JSON.stringify(OPERATING_RULES), 'upgraded');
    // An operator's own rules are left alone.
    const edited = JSON.stringify({ en: '<p>Our rules</p>' });
    await db.updateTable('config').set({ value: edited }).where('key', '=', 'operating_rules').execute();
    await db.updateTable('config').set({ value: '1' }).where('key', '=', 'content_version').execute();
    await seed(db);
    assert.equal(await value('operating_rules'), edited);
  } finally {
    await store.close();
  }
});

/** The rules' words in the older seed, before they said "follow ID" (now → was), to rebuild that document. */
const OLD_WORDS: [string, string][] = [
  ['Follow an operator by their follow ID;', 'Follow an operator by their proxy ID;'],
  ['透過跟投 ID 跟投', '透過代理 ID 跟投'],
  ['通过跟投 ID 跟投', '通过代理 ID 跟投'],
  ['<strong>Plänen folgen</strong>', '<strong>Planfolge</strong>'],
  ['über seine Folge-ID;', 'über seine Proxy-ID;'],
  ['<strong>Suivi de plan</strong>', '<strong>Suivi de plans</strong>'],
  ['grâce à son ID de suivi', 'grâce à son ID proxy'],
  ['フォロー ID でフォロー', 'プロキシ ID でフォロー'],
  ['팔로우 ID로 팔로우', '프록시 ID로 팔로우'],
  ['pelo ID de seguimento dele', 'pelo ID de proxy dele'],
  [
    '<strong>Подписка на планы</strong></p><ol><li>На оператора подписываются по его ID для подписки; на свой собственный ID подписаться нельзя.</li><li>Подписка показывает',
    '<strong>Отслеживание планов</strong></p><ol><li>Оператора отслеживают по его прокси-ID; свой собственный ID отслеживать нельзя.</li><li>Отслеживание показывает',
  ],
  ['<strong>Seguir planes</strong>', '<strong>Seguimiento de planes</strong>'],
  ['mediante su ID de seguimiento;', 'mediante su ID de proxy;'],
  ['ด้วย ID ติดตามของเขา', 'ด้วยพร็อกซี ID ของเขา'],
  ['bằng ID theo dõi của họ', 'bằng ID proxy của họ'],
];
