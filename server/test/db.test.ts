import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqliteFile, sqliteStore, type Db } from '../storage/engine';
import { migrateSqlite } from '../storage/migrate';
import { migrations } from '../storage/migrations-sqlite';
import { openStore } from '../storage/open';
import type { Insertable } from 'kysely';
import type { Database } from '../storage/schema';
import { seed } from '../seed/seed';
import { prepareDatabase } from '../prepare-database';
import { parseTz } from '../lib/tz';
import { emptyStore } from './seeded-db';

const tableNames = async (db: Db) => (await db.introspection.getTables()).map((t) => t.name).sort();

/** Every row of every table, each table's rows in one stable order (their JSON text): what a migration must keep. */
async function everyRow(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const all: Record<string, Record<string, unknown>[]> = {};
  for (const name of await tableNames(db)) {
    const rows = (await db
      .selectFrom(name as keyof Database)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    all[name] = rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return all;
}

/** Inserts rows one by one: a multi-row insert would fill a column a row leaves out with NULL on SQLite, not its default. */
async function add<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]> | Insertable<Database[T]>[],
): Promise<void> {
  for (const row of Array.isArray(rows) ? rows : [rows]) await db.insertInto(table).values(row).execute();
}

test('SQLite migrations run once, in order, tracked by user_version', async () => {
  const raw = openSqliteFile(':memory:');
  assert.equal(migrateSqlite(raw), migrations.length);
  assert.equal(raw.pragma('user_version', { simple: true }), migrations.length);
  assert.equal(migrateSqlite(raw), migrations.length); // no-op
  const store = sqliteStore(raw);
  const tables = await tableNames(store.db);
  for (const name of [
    'users',
    'tokens',
    'license_keys',
    'auth_codes',
    'partners',
    'contacts',
    'config',
    'plans',
    'products',
    'wallets',
    'transaction_flow',
    'coupons',
    'user_coupons',
    'notifications',
    'notification_reads',
    'bank_cards',
    'acceptor_orders',
    'acceptance_codes',
    'feedback',
    'follow_records',
    'sign_ins',
  ]) {
    assert.ok(tables.includes(name), name);
  }
  // A failing migration rolls back entirely, version included.
  assert.throws(() =>
    migrateSqlite(raw, [...migrations, 'CREATE TABLE extra (x INTEGER); SELECT * FROM no_such_table;']),
  );
  assert.equal(raw.pragma('user_version', { simple: true }), migrations.length);
  assert.ok(!(await tableNames(store.db)).includes('extra'));
  // A database from a newer server is refused.
  raw.pragma(`user_version = ${migrations.length + 1}`);
  assert.throws(() => migrateSqlite(raw), /newer/);
  await store.close();
});

test('seed is idempotent and does not overwrite edits', async () => {
  const store = await emptyStore();
  const { db } = store;
  try {
    await seed(db);
    const TABLES = [
      'users',
      'partners',
      'license_keys',
      'auth_codes',
      'contacts',
      'config',
      'wallets',
      'plans',
      'transaction_flow',
      'user_coupons',
      'notifications',
      'notification_reads',
      'feedback',
      'acceptor_orders',
      'follow_records',
    ] as const;
    const counts = async () => {
      const n: number[] = [];
      for (const t of TABLES)
        n.push(
          (
            await db
              .selectFrom(t)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return n;
    };
    const before = await counts();
    await db.updateTable('config').set({ value: '"edited"' }).where('key', '=', 'privacy_policy').execute();
    await seed(db);
    assert.deepEqual(await counts(), before);
    const policy = await db
      .selectFrom('config')
      .select('value')
      .where('key', '=', 'privacy_policy')
      .executeTakeFirstOrThrow();
    assert.equal(policy.value, '"edited"');
    const states = await db
      .selectFrom('users')
      .select(['username', 'state', 'lang', 'store_opened', 'entry'])
      .orderBy('id')
      .execute();
    assert.deepEqual(states, [
      { username: 'demo', state: 'active', lang: 'en', store_opened: 1, entry: 'register' },
      { username: 'inactive', state: 'not_activated', lang: 'en', store_opened: 0, entry: 'register' },
      { username: 'disabled', state: 'disabled', lang: 'de', store_opened: 1, entry: 'register' },
      { username: 'deleted', state: 'deleted', lang: 'fr', store_opened: 1, entry: 'register' },
      { username: 'partner:p-1001', state: 'active', lang: 'en', store_opened: 1, entry: 'partner' },
      // The operators whose proxy IDs the demo follows and is followed by (plan follow).
      { username: 'shop-a', state: 'active', lang: 'en', store_opened: 1, entry: 'register' },
      { username: 'shop-b', state: 'active', lang: 'en', store_opened: 1, entry: 'register' },
      { username: 'shop-c', state: 'active', lang: 'fr', store_opened: 1, entry: 'register' },
      { username: 'shop-d', state: 'active', lang: 'th', store_opened: 1, entry: 'register' },
      // The wallet's second merchant: start-up funds not returned, no transaction password (seed-wallet.ts).
      { username: 'newbie', state: 'active', lang: 'en', store_opened: 1, entry: 'register' },
    ]);
    // Rows the seed gave ids of its own (contacts, products, coupons, activities) do not hold back the next ids:
    // on PostgreSQL the seed moved each table's sequence past them.
    const contact = await db
      .insertInto('contacts')
      .values({ kind: 'service', type: 1, url: '/chat.html', label: '{}', sort: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await db
      .insertInto('products')
      .values({ name: 'Another', price_cents: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const coupon = await db
      .insertInto('coupons')
      .values({ name: '{}', kind: 'fixed', amount_cents: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const maxOf = async (t: 'contacts' | 'products' | 'coupons') =>
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirstOrThrow()
      ).m;
    assert.equal(contact.id, await maxOf('contacts'));
    assert.equal(product.id, await maxOf('products'));
    assert.equal(coupon.id, await maxOf('coupons'));
    assert.ok(contact.id > 4 && product.id > 4 && coupon.id > 10, JSON.stringify({ contact, product, coupon }));
  } finally {
    await store.close();
  }
});

test('a file database: folder created, WAL, foreign keys on, reopened without re-seeding', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ma-db-'));
  try {
    const path = join(dir, 'nested', 'folder', 'test.db');
    const store = await prepareDatabase({ path });
    const { db } = store;
    // WAL: the seed's writes went to the write-ahead log beside the file.
    assert.ok(existsSync(`${path}-wal`));
    await assert.rejects(
      db.insertInto('tokens').values({ user_id: 9999, token_hash: 'x', created_at: '', expires_at: 0 }).execute(),
      /FOREIGN KEY/,
    );
    // Money columns refuse what a wallet can never hold.
    await assert.rejects(db.updateTable('wallets').set({ balance_cents: -1 }).execute(), /CHECK/);
    await store.close();
    const again = await prepareDatabase({ path });
    const users = await again.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(users.n, 10);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a SQLite file from before the query builder (schema version 14) opens migrated, every row and value kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ma-db14-'));
  try {
    const path = join(dir, 'v14.db');
    const raw = openSqliteFile(path);
    assert.equal(migrateSqlite(raw, migrations.slice(0, 14)), 14);
    const old = sqliteStore(raw);
    const db = old.db;
    const at = '2026-01-02T03:04:05.678Z';
    // A few rows in each main table, case-blind names and codes in mixed case, nulls and JSON text among them.
    await add(db, 'users', [
      {
        id: 1,
        username: 'MixedCase',
        nickname: 'Mixed',
        email: 'm@example.com',
        phone: '+1 555 0100',
        password_hash: 'scrypt$a',
        proxy_id: '20000001',
        pay_password_hash: 'scrypt$p',
        startup_funds_returned: 1,
        credit_score: 124,
        level: 2,
        created_at: at,
        updated_at: at,
      },
      {
        id: 2,
        username: 'partner:P-9',
        password_hash: null,
        entry: 'partner',
        partner_uid: 'P-9',
        lang: 'th',
        state: 'disabled',
        store_opened: 1,
        proxy_id: '20000002',
        pay_password_failures: 3,
        pay_password_locked_until: 1_767_000_000_000,
        created_at: at,
        updated_at: at,
      },
    ]);
    await add(db, 'partners', {
      entry: 'partner',
      name: 'P',
      lang: 'en',
      created_at: at,
      link_secret: 'a-secret-of-16-chars',
    });
    await add(db, 'wallets', [
      {
        user_id: 1,
        balance_cents: 123_456_789_012,
        to_be_settled_cents: 5,
        discount_cents: 7,
        deposit_cents: 100_000,
        updated_at: at,
      },
      { user_id: 2, updated_at: at },
    ]);
    await add(db, 'transaction_flow', [
      {
        user_id: 1,
        type: 'system_topup',
        amount_cents: 123_456_789_012,
        balance_after_cents: 123_456_789_012,
        remark: 'Top-up via customer service',
        remark_data: '{"kind":"topup_service"}',
        request_id: 'r-1',
        created_at: at,
      },
      {
        user_id: 1,
        type: 'ad_billing',
        amount_cents: -1,
        balance_after_cents: 123_456_789_011,
        remark: null,
        remark_data: null,
        request_id: null,
        created_at: at,
      },
    ]);
    await add(db, 'products', { id: 1, name: 'Band', price_cents: 4_999 });
    await add(db, 'plans', [
      {
        plan_no: 'AD00000101',
        user_id: 1,
        product_id: 1,
        put_amount_cents: 80_000,
        put_progress: 40,
        content: 'C',
        rule: 'R',
        user_targeting: 'T',
        official: 1,
        status: 'puting',
        lowest_put_cents: 10_000,
        highest_put_cents: 500_000,
        request_id: 'put-1',
        impressions: 10,
        clicks: 2,
        revenue_cents: 30,
        consumed_cents: 100,
        created_at: at,
        updated_at: at,
        delivered_until: at,
        put_at: at,
        paid_cents: 80_000,
        sim_step: 3,
        sim_step_ms: 3_600_000,
      },
      {
        plan_no: 'AD00000102',
        user_id: 1,
        product_id: 1,
        lowest_put_cents: 0,
        highest_put_cents: 0,
        created_at: at,
        updated_at: at,
      },
    ]);
    await add(db, 'coupons', {
      id: 1,
      name: '{"en":"Coupon"}',
      kind: 'discount',
      amount_cents: 1000,
      requirement_cents: 10_000,
    });
    await add(db, 'user_coupons', [
      {
        user_id: 1,
        coupon_id: 1,
        state: 'used',
        received_day: '2026-01-01',
        received_at: at,
        expire_at: at,
        used_at: at,
        used_day: '2026-01-02',
        use_request_id: 'u-1',
      },
      { user_id: 1, coupon_id: 1, received_day: '2026-01-02', received_at: at, expire_at: at, grant_request_id: 'g-1' },
    ]);
    await add(db, 'notifications', [
      {
        user_id: null,
        category: 'announcement',
        title: '{"en":"To all"}',
        content: '{"en":"<p>x</p>"}',
        created_at: at,
        seed_key: 'everyone:x',
      },
      { user_id: 1, category: 'activity', title: '{"en":"To one"}', created_at: at },
    ]);
    await add(db, 'notification_reads', { user_id: 1, notification_id: 1, read_at: at });
    await add(db, 'license_keys', { code: 'Key-ABC', reusable: 0, used_by: 1, used_at: at, created_at: at });
    await add(db, 'bank_cards', {
      user_id: 1,
      bank_name: 'B',
      user_name: 'U',
      mobile: 'M',
      account: '6222',
      updated_at: at,
      kind: 'bank',
      changed_at: 1_767_000_000_000,
    });
    const before = await everyRow(db);
    await old.close();

    const store = await openStore({ path });
    const after = await everyRow(store.db);
    await store.close();
    for (const [table, rows] of Object.entries(before)) {
      // Every table and every column that existed before keeps its rows and values (a later migration may add
      // tables and columns).
      assert.ok(after[table], `table ${table} kept`);
      const kept = after[table].map((row) => Object.fromEntries(Object.keys(rows[0] ?? {}).map((c) => [c, row[c]])));
      assert.deepEqual(kept, rows, table);
    }
    assert.ok(
      before.users.length === 2 && before.wallets[0].balance_cents === 123_456_789_012,
      'the rows were there to compare',
    );
    const reopened = openSqliteFile(path);
    assert.equal(reopened.pragma('user_version', { simple: true }), migrations.length);
    reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('X-TZ parsing is lenient', () => {
  assert.deepEqual(parseTz('Asia/Shanghai; GMT+08:00'), { name: 'Asia/Shanghai', offsetMinutes: 480 });
  assert.deepEqual(parseTz('America/St_Johns; GMT-03:30'), { name: 'America/St_Johns', offsetMinutes: -210 });
  assert.deepEqual(parseTz('UTC; GMT+00:00'), { name: 'UTC', offsetMinutes: 0 });
  assert.deepEqual(parseTz('GMT+0530'), { offsetMinutes: 330 });
  assert.deepEqual(parseTz('Mars/Olympus; GMT+99:00'), {});
  assert.deepEqual(parseTz('<script>; GMT+08:00'), { offsetMinutes: 480 });
  assert.deepEqual(parseTz(undefined), {});
  assert.deepEqual(parseTz(['Europe/Berlin; GMT+01:00', 'x']), { name: 'Europe/Berlin', offsetMinutes: 60 });
  assert.deepEqual(parseTz('x'.repeat(1000)), {});
});
