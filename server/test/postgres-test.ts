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

/** A database of this test's own, copied from the run's seeded (or empty) template; closing the store drops it. */
export async function postgresTestStore(o: { empty?: boolean } = {}): Promise<Store> {
  const template = `${process.env.TEST_TEMPLATE}${o.empty ? '_empty' : ''}`;
  const name = `${process.env.TEST_TEMPLATE}_${process.pid}_${++made}`;
  await sql`CREATE DATABASE ${sql.id(name)} TEMPLATE ${sql.id(template)}`.execute(maintenance());
  const store = await openPostgres({ url: databaseUrl(name), poolSize: 20 });
  return {
    ...store,
    async close() {
      await store.close();
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(maintenance());
    },
  };
}
