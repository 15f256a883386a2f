/**
 * Bringing a database's schema up to this server's, on start, on either engine: numbered migrations per engine
 * (migrations-sqlite.ts, migrations-postgres.ts), each applied once, under a lock, so two processes starting
 * together migrate once and a process never runs against a half-made schema.
 *
 * SQLite keeps its count in `PRAGMA user_version` (so a file made before the query builder opens as it was); each
 * migration runs in an IMMEDIATE transaction with the bump, the count read again inside it. PostgreSQL keeps it in
 * `schema_version` and holds a transaction-scoped advisory lock while it migrates.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from './engine';
import { migrations as sqliteMigrations } from './migrations-sqlite';
import { migrations as postgresMigrations } from './migrations-postgres';

/** Applies the SQLite migrations not yet applied; answers the resulting schema version. */
export function migrateSqlite(raw: BetterSqlite3.Database, list: readonly string[] = sqliteMigrations): number {
  const applied = () => raw.pragma('user_version', { simple: true }) as number;
  const first = applied();
  if (first > list.length)
    throw new Error(`database schema version ${first} is newer than this server (${list.length})`);
  for (;;) {
    const done = raw
      .transaction(() => {
        const version = applied();
        if (version >= list.length) return true;
        raw.exec(list[version]);
        raw.pragma(`user_version = ${version + 1}`);
        return false;
      })
      .immediate();
    if (done) return applied();
  }
}

/** Any number that is the same for every process: the advisory lock migrations are made under. */
const MIGRATION_LOCK = 4_142_041;

/** Applies the PostgreSQL migrations not yet applied, all in one transaction; answers the resulting version. */
export async function migratePostgres(db: Db, list: readonly string[] = postgresMigrations): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`.execute(trx);
    const row = (await sql<{ version: number }>`SELECT version FROM schema_version`.execute(trx)).rows[0];
    let version = row?.version ?? 0;
    if (!row) await sql`INSERT INTO schema_version (version) VALUES (0)`.execute(trx);
    if (version > list.length)
      throw new Error(`database schema version ${version} is newer than this server (${list.length})`);
    for (; version < list.length; version++) await sql.raw(list[version]).execute(trx);
    await sql`UPDATE schema_version SET version = ${version}`.execute(trx);
    return version;
  });
}
