/**
 * The migrated, seeded database every test server and service test starts from, on the engine the suite runs on.
 *
 * SQLite (the default): made once per test process and copied for each test, since migrating and seeding cost a
 * hundred times what a copy does. PostgreSQL (TEST_DATABASE_URL, set by test/node-tests.mjs when it runs the suite
 * there): a database this process made from the run's seeded template, put back to the seeded state when the
 * previous test ended (postgres-test.ts). Either way nothing a test writes reaches another.
 */
import { openSqliteFile, openSqliteImage, sqliteStore, type Store } from '../storage/engine';
import { migrateSqlite } from '../storage/migrate';
import { seed } from '../seed/seed';
import { postgresTestStore, reusedSeededStore, testingOnPostgres } from './postgres-test';
import { FIXTURE_PASSWORD_COST } from './fixture-cost';

let image: Buffer | undefined;

async function sqliteImage(): Promise<Buffer> {
  if (!image) {
    const raw = openSqliteFile(':memory:');
    migrateSqlite(raw);
    const store = sqliteStore(raw);
    await seed(store.db, { passwordCost: FIXTURE_PASSWORD_COST });
    image = raw.serialize();
    await store.close();
  }
  return image;
}

/** A fresh copy of the seeded database; close it when done. */
export async function seededStore(): Promise<Store> {
  if (testingOnPostgres()) return reusedSeededStore();
  return sqliteStore(openSqliteImage(await sqliteImage()));
}

/** A fresh, migrated, unseeded database on the suite's engine (for tests of the seed or the migrations). */
export async function emptyStore(): Promise<Store> {
  if (testingOnPostgres()) return postgresTestStore({ empty: true });
  const raw = openSqliteFile(':memory:');
  migrateSqlite(raw);
  return sqliteStore(raw);
}
