/**
 * The server suite on PostgreSQL: test/node-tests.mjs starts (or finds) a PostgreSQL, makes the seeded template
 * database and an empty migrated one once per run (postgres-templates.ts), and hands every test process
 * TEST_DATABASE_URL (a maintenance database to create others from) and TEST_TEMPLATE (the templates' name). Each
 * test then gets a database of its own copied from a template, and drops it at its end: a copy costs tens of
 * milliseconds where migrating and seeding would cost a second.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openPostgres, type Store } from '../storage/engine';

export const testingOnPostgres = (): boolean => !!process.env.TEST_DATABASE_URL;

/** The URL of database `name` on the suite's PostgreSQL. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

let admin: Kysely<unknown> | undefined;
function maintenance(): Kysely<unknown> {
  admin ??= new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 }) }) });
  return admin;
}

let made = 0;

/** A store of a test's own database, with its URL (for server processes the test starts on it). */
export type TestStore = Store & { url: string };

/** A database of this test's own, copied from the run's seeded (or empty) template; closing the store drops it. */
export async function postgresTestStore(o: { empty?: boolean } = {}): Promise<TestStore> {
  const template = `${process.env.TEST_TEMPLATE}${o.empty ? '_empty' : ''}`;
  const name = `${process.env.TEST_TEMPLATE}_${process.pid}_${++made}`;
  await sql`CREATE DATABASE ${sql.id(name)} TEMPLATE ${sql.id(template)}`.execute(maintenance());
  const url = databaseUrl(name);
  const store = await openPostgres({ url, poolSize: 20 });
  return {
    ...store,
    url,
    async close() {
      await store.close();
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(maintenance());
    },
  };
}
