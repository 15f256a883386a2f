/**
 * The inbox: the seed (every category, read and unread, to everyone and to one merchant, 12 languages,
 * sanitized, added once), the list by category and read state with paging and totals, what another merchant can
 * and cannot see or mark, marking one and all with the unread count, read state shared by every session of a
 * merchant, migration 9's conversion of older rows, and the test API's messages.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { LANGUAGES } from '../../src/api/languages';
import { NOTIFICATION_CATEGORIES, type Notification } from '../../src/api/shapes/messages';
import { openSqliteFile, sqliteStore } from '../storage/engine';
import { migrateSqlite } from '../storage/migrate';
import { migrations as sqliteMigrations } from '../storage/migrations-sqlite';
import { seed } from '../seed/seed';
import { EVERYONE_MESSAGES, MERCHANT_MESSAGES } from '../seed/seed-notifications';
import { freshMerchant, startServer, validRegistration, type TestServer } from './helpers';
import { testingOnPostgres } from './postgres-test';
import { emptyStore } from './seeded-db';

const SEEDED = EVERYONE_MESSAGES.length + MERCHANT_MESSAGES.length;
const SEEDED_UNREAD = [...EVERYONE_MESSAGES, ...MERCHANT_MESSAGES].filter((m) => !m.read).length;

/** Every message the merchant sees (all pages), with the answers' totals. */
async function inbox(s: TestServer, token: string, filter: Record<string, unknown> = {}) {
  const r = await s.call('notifications', { ...filter, page_size: 50 }, token);
  assert.equal(r.body.code, 200, r.text);
  return r.body.data;
}

/** Who a message is addressed to, from the database (the wire does not say). */
async function addressees(s: TestServer): Promise<Map<number, number | null>> {
  const rows = await s.db.selectFrom('notifications').select(['id', 'user_id']).execute();
  return new Map(rows.map((r) => [r.id, r.user_id]));
}

test('seed: the demo has 24+ messages of every category, read and unread, to everyone and to demo alone, in 12 languages, sanitized', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const all = await inbox(s, token);
  assert.ok(SEEDED >= 24);
  assert.equal(all.total, SEEDED);
  assert.equal(all.list.length, SEEDED);
  assert.equal(all.unread_total, SEEDED_UNREAD);
  assert.equal(all.list.filter((n: Notification) => !n.read).length, SEEDED_UNREAD);
  const demo = (await s.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  const to = await addressees(s);
  const addressee = (id: number) => to.get(id);
  for (const category of NOTIFICATION_CATEGORIES) {
    const of = all.list.filter((n: Notification) => n.category === category);
    assert.ok(
      of.some((n: Notification) => n.read) && of.some((n: Notification) => !n.read),
      `${category}: read and unread`,
    );
    assert.ok(
      of.some((n: Notification) => addressee(n.id) === null),
      `${category}: to everyone`,
    );
    assert.ok(
      of.some((n: Notification) => addressee(n.id) === demo),
      `${category}: to demo`,
    );
  }
  // Newest first, a few of today.
  const times = all.list.map((n: Notification) => Date.parse(n.create_time));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
  );
  assert.ok(all.list.filter((n: Notification) => Date.now() - Date.parse(n.create_time) < 6 * 3_600_000).length >= 3);
  for (const n of all.list) {
    for (const lang of LANGUAGES) {
      assert.ok(n.title[lang]?.trim(), `title ${n.id} ${lang}`);
      assert.match(n.content[lang] ?? '', /^<p>/, `content ${n.id} ${lang}`);
    }
    // A link went through the sanitizer: it opens a new tab without opener or referrer.
    for (const html of Object.values(n.content))
      if (html.includes('<a ')) assert.match(html, /rel="noopener noreferrer nofollow"/);
  }
  // Messages differ per language (translated, not copied).
  const first = all.list[0];
  assert.equal(new Set(LANGUAGES.map((l) => first.title[l])).size, LANGUAGES.length);
});

test('list: by category and read state, paged, each with its total, and the unread count over all categories', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const all = (await inbox(s, token)).list;

  const p1 = (await s.call('notifications', { page: 1, page_size: 10 }, token)).body.data;
  const p2 = (await s.call('notifications', { page: 2, page_size: 10 }, token)).body.data;
  const p3 = (await s.call('notifications', { page: 3, page_size: 10 }, token)).body.data;
  assert.deepEqual([p1.list.length, p2.list.length, p3.list.length], [10, 10, SEEDED - 20]);
  assert.deepEqual(
    [...p1.list, ...p2.list, ...p3.list].map((n: Notification) => n.id),
    all.map((n) => n.id),
  );
  for (const p of [p1, p2, p3]) assert.deepEqual([p.total, p.unread_total, p.page_size], [SEEDED, SEEDED_UNREAD, 10]);
  // The default page size is 10.
  const dflt = (await s.call('notifications', {}, token)).body.data;
  assert.deepEqual([dflt.page, dflt.page_size, dflt.list.length], [1, 10, 10]);

  for (const category of NOTIFICATION_CATEGORIES) {
    for (const read_state of [undefined, 'read', 'unread'] as const) {
      const want = all.filter(
        (n) => n.category === category && (read_state === undefined || n.read === (read_state === 'read')),
      );
      const got = await inbox(s, token, read_state ? { category, read_state } : { category });
      assert.equal(got.total, want.length, `${category} ${read_state}`);
      assert.deepEqual(
        got.list.map((n: Notification) => n.id),
        want.map((n) => n.id),
      );
      assert.equal(got.unread_total, SEEDED_UNREAD, 'the unread count is over every category');
    }
  }
  const unread = await inbox(s, token, { read_state: 'unread' });
  assert.deepEqual([unread.total, unread.list.every((n: Notification) => !n.read)], [SEEDED_UNREAD, true]);
  const read = await inbox(s, token, { read_state: 'read' });
  assert.deepEqual([read.total, read.list.every((n: Notification) => n.read)], [SEEDED - SEEDED_UNREAD, true]);
  // Past the end: an empty page with the same totals.
  const past = (await s.call('notifications', { page: 9, page_size: 10 }, token)).body.data;
  assert.deepEqual([past.list.length, past.total], [0, SEEDED]);

  // Bad input: the envelope names the field; no token: 401.
  for (const [input, field, rule] of [
    [{ category: 'news' }, 'category', 'enum'],
    [{ read_state: 'seen' }, 'read_state', 'enum'],
    [{ page: 0 }, 'page', 'min'],
    [{ page_size: 51 }, 'page_size', 'max'],
  ] as const) {
    const r = await s.call('notifications', input, token);
    assert.deepEqual([r.body.code, r.body.data.field, r.body.data.rule], [400, field, rule]);
  }
  assert.equal((await s.call('notifications', {})).body.code, 401);
  assert.equal((await s.call('notificationsRead', { all: true })).body.code, 401);
});

test("everyone and addressed messages: another merchant sees the messages to everyone, never the demo's own, and cannot mark them", async (t) => {
  const s = await startServer(t);
  const demoToken = await s.login();
  const other = await freshMerchant(s);
  const demoList = (await inbox(s, demoToken)).list;
  const otherList = (await inbox(s, other.token)).list;
  const to = await addressees(s);
  const addressee = (id: number) => to.get(id);
  const everyone = demoList.filter((n) => addressee(n.id) === null).map((n) => n.id);
  const demoOnly = demoList.filter((n) => addressee(n.id) !== null).map((n) => n.id);
  assert.equal(everyone.length, EVERYONE_MESSAGES.length);
  assert.equal(demoOnly.length, MERCHANT_MESSAGES.length);
  const otherIds = new Set(otherList.map((n) => n.id));
  assert.ok(
    everyone.every((id) => otherIds.has(id)),
    'messages to everyone are in every inbox',
  );
  assert.ok(
    demoOnly.every((id) => !otherIds.has(id)),
    "the demo's own messages are in no other inbox",
  );
  // The fresh merchant has its own addressed messages, read and unread.
  const own = otherList.filter((n) => addressee(n.id) === other.id);
  assert.equal(own.length, MERCHANT_MESSAGES.length);
  assert.ok(own.some((n) => n.read) && own.some((n) => !n.read));

  // Marking the demo's message as the other merchant: not_found, and nothing is recorded.
  const target = demoList.find((n) => addressee(n.id) !== null && !n.read)!;
  const r = await s.call('notificationsRead', { id: target.id }, other.token);
  assert.deepEqual([r.body.code, r.body.data.reason], [405, 'not_found']);
  const marks = await s.db
    .selectFrom('notification_reads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notification_id', '=', target.id)
    .executeTakeFirstOrThrow();
  assert.equal(marks.n, 0);
  // A message that does not exist: the same answer.
  const missing = await s.call('notificationsRead', { id: 999_999 }, other.token);
  assert.deepEqual([missing.body.code, missing.body.data.reason], [405, 'not_found']);
  // Marking all as the other merchant leaves the demo's messages unread.
  assert.equal((await s.call('notificationsRead', { all: true }, other.token)).body.data.unread_total, 0);
  assert.equal((await inbox(s, demoToken)).unread_total, SEEDED_UNREAD);
  assert.equal((await inbox(s, demoToken)).list.find((n: Notification) => n.id === target.id)!.read, false);
});

test("mark one, again, then all: the unread count follows; read state is the merchant's, shared by every session", async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const phone = m.token;
  const tablet = await s.login(m.username, 'demo1234');
  assert.notEqual(phone, tablet);

  const before = await inbox(s, phone);
  const unread = before.list.filter((n) => !n.read);
  assert.equal(before.unread_total, unread.length);
  const one = await s.call('notificationsRead', { id: unread[0].id }, phone);
  assert.deepEqual(one.body, { code: 200, msg: 'success', data: { unread_total: unread.length - 1 } });
  // Already read: fine, nothing changes.
  assert.equal(
    (await s.call('notificationsRead', { id: unread[0].id }, phone)).body.data.unread_total,
    unread.length - 1,
  );
  // An already-read one from the seed: fine too.
  const seededRead = before.list.find((n) => n.read)!;
  assert.equal(
    (await s.call('notificationsRead', { id: seededRead.id }, phone)).body.data.unread_total,
    unread.length - 1,
  );

  // The other session sees it read at once (the server keeps the state).
  const onTablet = await inbox(s, tablet);
  assert.equal(onTablet.unread_total, unread.length - 1);
  assert.equal(onTablet.list.find((n: Notification) => n.id === unread[0].id)!.read, true);
  assert.equal((await s.call('unreadNotificationsCount', {}, tablet)).body.data.unread_total, unread.length - 1);

  // Neither id nor all (nor all: false): a params error on id.
  for (const input of [{}, { all: false }]) {
    const r = await s.call('notificationsRead', input, tablet);
    assert.deepEqual([r.body.code, r.body.data.field, r.body.data.rule], [400, 'id', 'required']);
  }
  const bad = await s.call('notificationsRead', { id: 'x' }, tablet);
  assert.deepEqual([bad.body.code, bad.body.data.field], [400, 'id']);

  const all = await s.call('notificationsRead', { all: true }, tablet);
  assert.equal(all.body.data.unread_total, 0);
  const after = await inbox(s, phone);
  assert.equal(after.unread_total, 0);
  assert.ok(after.list.every((n: Notification) => n.read));
  assert.equal((await inbox(s, phone, { read_state: 'unread' })).total, 0);
  // A new message arrives unread after "all".
  const added = await s.post('/api/__test__/notify', { username: m.username, count: 2 });
  assert.equal(added.body.data.unread_total, 2);
  const fresh = await inbox(s, tablet, { read_state: 'unread' });
  assert.equal(fresh.total, 2);
  assert.equal(fresh.list[0].title.de, 'Testmitteilung 2');
  assert.equal(fresh.list[0].title.en, 'Test notice 2');
  // Marking all again is one statement over what is left.
  assert.equal((await s.call('notificationsRead', { all: true }, phone)).body.data.unread_total, 0);
});

test("a merchant registered later finds every message to everyone unread, and none of anyone else's", async (t) => {
  const s = await startServer(t);
  const reg = await s.call('authRegister', validRegistration());
  assert.equal(reg.body.code, 200, reg.text);
  const list = await inbox(s, reg.body.data.token);
  assert.equal(list.total, EVERYONE_MESSAGES.length);
  assert.equal(list.unread_total, EVERYONE_MESSAGES.length);
});

test('test API notifications: exactly the given messages to that merchant, back-dated, read as asked, bodies sanitized', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const before = await inbox(s, m.token);
  const r = await s.post('/api/__test__/notifications', {
    username: m.username,
    items: [
      {
        category: 'maintenance',
        title: 'Window A',
        content: '<p>Body <strong>A</strong><script>alert(1)</script></p>',
        minutes_ago: 0,
      },
      { category: 'activity', title: 'Window B', read: true, minutes_ago: 60 * 24 * 40 },
      { category: 'announcement', title: 'Window C', minutes_ago: 5 },
    ],
  });
  assert.equal(r.body.code, 200, r.text);
  assert.equal(r.body.data.ids.length, 3);
  assert.equal(r.body.data.unread_total, before.unread_total + 2);
  const after = await inbox(s, m.token);
  assert.equal(after.total, before.total + 3);
  const [a, b, c] = r.body.data.ids.map((id: number) =>
    after.list.find((n: Notification) => n.id === id),
  ) as Notification[];
  assert.equal(after.list[0].id, a.id, 'the newest first');
  assert.equal(after.list[1].id, c.id);
  assert.equal(after.list.at(-1)!.id, b.id, 'forty days old: the oldest');
  assert.deepEqual(
    [a.title, a.content, a.read, a.category],
    [{ en: 'Window A' }, { en: '<p>Body <strong>A</strong></p>' }, false, 'maintenance'],
  );
  assert.equal(b.read, true);
  // Only that merchant's inbox changed.
  const demo = await inbox(s, await s.login());
  assert.equal(demo.total, SEEDED);
  // Unknown user, bad item: the envelope.
  assert.equal(
    (await s.post('/api/__test__/notifications', { username: 'nobody', items: [] })).body.data.reason,
    'not_found',
  );
  const bad = await s.post('/api/__test__/notifications', {
    username: m.username,
    items: [{ category: 'news', title: 'x' }],
  });
  assert.deepEqual([bad.body.code, bad.body.data.field], [400, 'items']);
});

test('seed: run again, nothing is added; messages to everyone come once to a database that has none; read marks stay', async (t) => {
  const store = await emptyStore();
  t.after(() => store.close());
  const db = store.db;
  await seed(db);
  const count = async () =>
    (
      await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const reads = async () =>
    (
      await db
        .selectFrom('notification_reads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const n = await count();
  const r = await reads();
  assert.equal(n, SEEDED);
  await seed(db);
  assert.deepEqual([await count(), await reads()], [n, r]);
  // A database seeded before the inbox existed: no messages to everyone yet.
  await db.deleteFrom('notifications').where('user_id', 'is', null).execute();
  await seed(db);
  assert.equal(await count(), n);
  await seed(db);
  assert.equal(await count(), n);
});

// A SQLite upgrade: PostgreSQL's schema begins where SQLite's migrations end, with the text maps already.
test(
  'migration 9: older rows become English text maps, served as such',
  { skip: testingOnPostgres() && 'SQLite migrations' },
  async () => {
    const raw = openSqliteFile(':memory:');
    migrateSqlite(raw, sqliteMigrations.slice(0, 8));
    const store = sqliteStore(raw);
    try {
      await store.db
        .insertInto('notifications')
        .values({
          user_id: null,
          category: 'announcement',
          title: 'Old title',
          content: '',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      migrateSqlite(raw);
      const row = await store.db.selectFrom('notifications').select(['title', 'content']).executeTakeFirstOrThrow();
      assert.deepEqual([JSON.parse(row.title), JSON.parse(row.content)], [{ en: 'Old title' }, { en: '' }]);
    } finally {
      await store.close();
    }
  },
);
