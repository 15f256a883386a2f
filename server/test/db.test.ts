import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { migrate, open } from '../db/index';
import { migrations } from '../db/migrations';
import { seed } from '../seed/seed';
import { prepareDatabase } from '../prepare-database';
import { parseTz } from '../lib/tz';

test('migrations run once, in order, tracked by user_version', () => {
  const db = open(':memory:');
  assert.equal(migrate(db), migrations.length);
  assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
  assert.equal(migrate(db), migrations.length); // no-op
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
  for (const name of ['users', 'tokens', 'license_keys', 'auth_codes', 'partners', 'contacts', 'config', 'plans', 'products',
    'wallets', 'transaction_flow', 'coupons', 'user_coupons', 'notifications', 'notification_reads', 'bank_cards',
    'acceptor_orders', 'acceptance_codes', 'feedback', 'follow_records', 'sign_ins']) {
    assert.ok(tables.includes(name), name);
  }
  // A failing migration rolls back entirely, version included.
  assert.throws(() => migrate(db, [...migrations, 'CREATE TABLE extra (x INTEGER); SELECT * FROM no_such_table;']));
  assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
  assert.equal(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'extra'").get(), undefined);
  // A database from a newer server is refused.
  db.pragma(`user_version = ${migrations.length + 1}`);
  assert.throws(() => migrate(db), /newer/);
  db.close();
});

test('seed is idempotent and does not overwrite edits', () => {
  const db = open(':memory:');
  migrate(db);
  seed(db);
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const before = ['users', 'partners', 'license_keys', 'auth_codes', 'contacts', 'config', 'wallets'].map(count);
  db.prepare("UPDATE config SET value = '\"edited\"' WHERE key = 'privacy_policy'").run();
  seed(db);
  assert.deepEqual(['users', 'partners', 'license_keys', 'auth_codes', 'contacts', 'config', 'wallets'].map(count), before);
  assert.equal((db.prepare("SELECT value FROM config WHERE key = 'privacy_policy'").get() as { value: string }).value, '"edited"');
  const states = db.prepare('SELECT username, state, lang, store_opened, entry FROM users ORDER BY id').all();
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
  db.close();
});

test('a file database: folder created, WAL, foreign keys on, reopened without re-seeding', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ma-db-'));
  try {
    const path = join(dir, 'nested', 'folder', 'test.db');
    const db = prepareDatabase(path);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
    assert.throws(() => db.prepare("INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (9999, 'x', '', 0)").run(), /FOREIGN KEY/);
    // Money columns refuse what a wallet can never hold.
    assert.throws(() => db.prepare('UPDATE wallets SET balance_cents = -1').run(), /CHECK/);
    db.close();
    const again = prepareDatabase(path);
    assert.equal((again.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n, 10);
    again.close();
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
