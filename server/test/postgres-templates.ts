/**
 * Makes the suite's template databases on PostgreSQL (run once per run by test/node-tests.mjs): `<TEST_TEMPLATE>`,
 * migrated and seeded (with what puts a copy back to that state: postgres-reset.ts), and `<TEST_TEMPLATE>_empty`,
 * migrated only. Tests copy them (postgres-test.ts).
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../storage/engine';
import { migratePostgres } from '../storage/migrate';
import { seed } from '../seed/seed';
import { FIXTURE_PASSWORD_COST } from './fixture-cost';
import { databaseUrl } from './postgres-test';
import { prepareReset } from './postgres-reset';

const name = process.env.TEST_TEMPLATE!;
const admin = new Kysely<unknown>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 }) }),
});

async function make(db: string, seeded: boolean): Promise<void> {
  await sql`DROP DATABASE IF EXISTS ${sql.id(db)} WITH (FORCE)`.execute(admin);
  await sql`CREATE DATABASE ${sql.id(db)}`.execute(admin);
  const store = await openPostgres({ url: databaseUrl(db) });
  await migratePostgres(store.db);
  if (seeded) {
    await seed(store.db, { passwordCost: FIXTURE_PASSWORD_COST });
    await prepareReset(store.db);
  }
  await store.close();
}

await make(name, true);
await make(`${name}_empty`, false);
await admin.destroy();
