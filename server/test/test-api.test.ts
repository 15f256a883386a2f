/** The test API's routes do what their header in routes/test-api.ts says, on the suite's engine. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freshMerchant, startServer, type TestServer } from './helpers';

async function ok(s: TestServer, path: string, body: unknown): Promise<any> {
  const r = await s.post(`/api/__test__/${path}`, body);
  assert.equal(r.body?.code, 200, `${path}: ${r.text}`);
  return r.body.data;
}

test('test API: a fresh merchant with its wallet options, its sessions aged, its state set, its tokens expired', async (t) => {
  const s = await startServer(t);
  const plain = await ok(s, 'merchant', {});
  const user = await s.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', plain.username)
    .executeTakeFirstOrThrow();
  assert.equal(user.proxy_id, plain.proxy_id);
  assert.equal(user.pay_password_hash, null);
  assert.equal(user.startup_funds_returned, 1);
  // The demo's kind of ad-centre data: plans, a ledger, coupons, an inbox.
  for (const table of ['plans', 'transaction_flow', 'user_coupons', 'notifications'] as const) {
    const { n } = await s.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.ok(n > 0, table);
  }
  assert.equal(
    (await s.db.selectFrom('bank_cards').select('user_id').where('user_id', '=', user.id).execute()).length,
    0,
  );

  const set = await ok(s, 'merchant', { pay_password: '123456', startup_funds_returned: false, card: 'wallet' });
  const other = await s.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', set.username)
    .executeTakeFirstOrThrow();
  assert.notEqual(other.pay_password_hash, null);
  assert.equal(other.startup_funds_returned, 0);
  const card = await s.db
    .selectFrom('bank_cards')
    .selectAll()
    .where('user_id', '=', other.id)
    .executeTakeFirstOrThrow();
  assert.equal(card.kind, 'wallet');
  assert.notEqual(set.username, plain.username);

  const opened = await s.db
    .selectFrom('tokens')
    .select(['id', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  assert.deepEqual(await ok(s, 'session-age', { username: plain.username, minutes: 30 }), { aged: opened.length });
  const aged = await s.db
    .selectFrom('tokens')
    .select(['id', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  assert.deepEqual(
    aged.map((r) => Date.parse(r.created_at)),
    opened.map((r) => Date.parse(r.created_at) - 30 * 60_000),
  );

  assert.deepEqual(await ok(s, 'set-state', { username: plain.username, state: 'disabled' }), {
    username: plain.username,
    state: 'disabled',
  });
  assert.equal(
    (await s.db.selectFrom('users').select('state').where('id', '=', user.id).executeTakeFirstOrThrow()).state,
    'disabled',
  );
  assert.deepEqual(await ok(s, 'expire-tokens', { username: set.username }), { expired: 1 });

  const unknown = await s.post('/api/__test__/set-state', { username: 'nobody-here', state: 'active' });
  assert.equal(unknown.body.data.reason, 'not_found');
});

test('test API: inbox, contacts, check-ins, raw FAQ, partner link, the transaction password lock', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const before = (await ok(s, 'notify', { username: m.username, count: 2 })).unread_total as number;
  const made = await ok(s, 'notifications', {
    username: m.username,
    items: [
      { category: 'activity', title: 'Read one', read: true, minutes_ago: 5 },
      { category: 'announcement', title: 'Unread one', content: '<p>x</p>' },
    ],
  });
  assert.equal(made.ids.length, 2);
  assert.equal(made.unread_total, before + 1);
  const reads = await s.db
    .selectFrom('notification_reads')
    .select('notification_id')
    .where('user_id', '=', m.id)
    .where('notification_id', 'in', made.ids)
    .execute();
  assert.deepEqual(
    reads.map((r) => r.notification_id),
    [made.ids[0]],
  );

  const contact = (url: string) => JSON.stringify({ type: 2, url, label: { en: url } });
  assert.deepEqual(
    await ok(s, 'user-contacts', {
      username: m.username,
      kind: 'service',
      contacts: [contact('https://a.example'), contact('https://b.example')],
    }),
    { count: 2 },
  );
  // Twice at once: one list of two remains, not both.
  await Promise.all(
    [1, 2].map(() =>
      ok(s, 'user-contacts', {
        username: m.username,
        kind: 'service',
        contacts: [contact('https://c.example'), contact('https://d.example')],
      }),
    ),
  );
  const mine = await s.db
    .selectFrom('contacts')
    .select(['url', 'sort'])
    .where('user_id', '=', m.id)
    .orderBy('sort')
    .execute();
  assert.deepEqual(mine, [
    { url: 'https://c.example', sort: 0 },
    { url: 'https://d.example', sort: 1 },
  ]);
  const basic = await s.db.selectFrom('contacts').select('id').where('user_id', 'is', null).execute();
  assert.ok(basic.length > 0 && !basic.some((b) => b.id > 4), 'basic config keeps its own rows');

  assert.deepEqual(await ok(s, 'check-ins', { username: m.username, days: ['2026-01-01', '2026-01-02'] }), {
    added: 2,
  });
  assert.deepEqual(await ok(s, 'check-ins', { username: m.username, days: ['2026-01-02', '2026-01-03'] }), {
    added: 1,
  });

  const faq = await ok(s, 'raw-faq', { question: 'Raw?', answer: '<img src=x onerror=alert(1)>' });
  assert.ok(faq.id > 0);

  const link = await s.request('/api/__test__/partner-link?entry=partner&uid=p-77');
  assert.equal(link.body.code, 200, link.text);
  assert.match(link.body.data.path, /^\/entry\?/);

  await s.db
    .updateTable('users')
    .set({ pay_password_failures: 5, pay_password_locked_until: Date.now() + 60_000 })
    .where('id', '=', m.id)
    .execute();
  assert.deepEqual(await ok(s, 'pay-password-lock', { username: m.username }), {});
  const lock = await s.db
    .selectFrom('users')
    .select(['pay_password_failures', 'pay_password_locked_until'])
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  assert.deepEqual(lock, { pay_password_failures: 0, pay_password_locked_until: null });
  assert.deepEqual(await ok(s, 'broadcast-expire', {}), {});
});

test('test API: waiting plans, a balance with its ledger row, delivery rows added to an hour', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const plans = await ok(s, 'plans', {
    username: m.username,
    lowest: '100.00',
    highest: '900.00',
    count: 3,
    official: true,
  });
  assert.equal(plans.ids.length, 3);
  assert.equal(new Set(plans.plan_nos).size, 3);
  const rows = await s.db
    .selectFrom('plans')
    .select(['id', 'status', 'lowest_put_cents', 'highest_put_cents', 'official'])
    .where('id', 'in', plans.ids)
    .orderBy('id')
    .execute();
  assert.deepEqual(
    rows.map((r) => [r.status, r.lowest_put_cents, r.highest_put_cents, r.official]),
    Array(3).fill(['waitPut', 10_000, 90_000, 1]),
  );
  const events = await s.db.selectFrom('plan_events').select('status').where('plan_id', 'in', plans.ids).execute();
  assert.deepEqual(
    events.map((e) => e.status),
    ['waitPut', 'waitPut', 'waitPut'],
  );
  assert.equal(
    (await s.post('/api/__test__/plans', { username: m.username, lowest: '1.00', highest: '2.00', product_id: 999 }))
      .body.data.reason,
    'not_found',
  );

  assert.deepEqual(await ok(s, 'wallet', { username: m.username, balance: '12.34', note: 'Operator note' }), {
    balance: '12.34',
  });
  const wallet = await s.db
    .selectFrom('wallets')
    .select('balance_cents')
    .where('user_id', '=', m.id)
    .executeTakeFirstOrThrow();
  assert.equal(wallet.balance_cents, 1234);
  const last = await s.db
    .selectFrom('transaction_flow')
    .select(['balance_after_cents', 'remark'])
    .where('user_id', '=', m.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  assert.deepEqual(last, { balance_after_cents: 1234, remark: 'Operator note' });

  const hour = '2025-06-01T10:00:00.000Z';
  const row = { username: m.username, hour, consumed: '1.00', revenue: '2.00', impressions: 10, clicks: 1 };
  const { plan_id: planId } = await ok(s, 'delivery-row', row);
  // Twice at once, then once more: every row adds to the same hour.
  await Promise.all([ok(s, 'delivery-row', row), ok(s, 'delivery-row', row)]);
  const stats = await s.db
    .selectFrom('plan_stats')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('hour', '=', hour)
    .executeTakeFirstOrThrow();
  assert.deepEqual(
    [stats.impressions, stats.clicks, stats.consumed_cents, stats.revenue_cents, stats.user_id],
    [30, 3, 300, 600, m.id],
  );
  assert.equal(
    (await s.post('/api/__test__/delivery-row', { ...row, hour: '2025-06-01T10:30:00.000Z' })).body.data.field,
    'hour',
  );
});
