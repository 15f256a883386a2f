/**
 * Opening and migrating the SQLite database (better-sqlite3: synchronous, one connection per process), and the
 * statement cache every module uses. Imports no seed and no service: those depend on this module, and seeding is
 * started by whoever starts the server (prepare-database.ts) or a test.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type DB = Database.Database;

/** Opens (creating the folder and file if needed) with WAL and foreign keys on. `:memory:` works. */
export function open(path: string): DB {
  const memory = path === ':memory:' || path === '';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (!memory) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * An in-memory database made from another's image (`db.serialize()`), with the pragmas `open` sets: a copy costs a
 * millisecond where migrating and seeding afresh cost a hundred (a test server per test).
 */
export function openImage(image: Buffer): DB {
  const db = new Database(image);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Applies the migrations not yet applied; returns the resulting schema version. */
export function migrate(db: DB, list: readonly string[] = migrations): number {
  let version = db.pragma('user_version', { simple: true }) as number;
  if (version > list.length) throw new Error(`database schema version ${version} is newer than this server (${list.length})`);
  for (; version < list.length; version++) {
    const sql = list[version]!;
    const next = version + 1;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${next}`);
    }).immediate();
  }
  return version;
}

/** Cached prepared statements (one cache per connection). */
const cache = new WeakMap<DB, Map<string, Database.Statement<unknown[], unknown>>>();
export function stmt<R = unknown>(db: DB, sql: string): Database.Statement<unknown[], R> {
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s as Database.Statement<unknown[], R>;
}
