/**
 * The server suite on PostgreSQL: test/node-tests.mjs starts (or finds) a PostgreSQL, makes the seeded template
 * database and an empty migrated one once per run (postgres-templates.ts), and hands every test process
 * TEST_DATABASE_URL (a maintenance database to create others from) and TEST_TEMPLATE (the templates' name).
 *
 * A test's seeded database is one this process made from the template before and put back to the seeded state when
 * its last test ended (postgres-reset.ts), with its pool's connections still open: each new connection costs the
 * server a process of its own, more than most tests' queries. A test that hands the database to another process
 * (a server it spawns, worker threads) gets one of its own instead, copied from a template and dropped at its end.
 * test/node-tests.mjs drops whatever a test process leaves when the run ends.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openPostgres, type Store } from '../storage/engine';
import { resetToSeed } from './postgres-reset';

export const testingOnPostgres = (): boolean => !!process.env.TEST_DATABASE_URL;

/** The URL of database `name` on the suite's PostgreSQL. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

let admin: Kysely<unknown> | undefined;
function maintenance(): Kysely<unknown> {
  admin ??= new Kysely({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2, allowExitOnIdle: true }),
    }),
  });
  return admin;
}

let made = 0;

/** A new database of this process's, copied from `template`; answers its name. */
async function copyOf(template: string): Promise<string> {
  const name = `${process.env.TEST_TEMPLATE}_${process.pid}_${++made}`;
  await sql`CREATE DATABASE ${sql.id(name)} TEMPLATE ${sql.id(template)}`.execute(maintenance());
  return name;
}

const drop = (name: string) => sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(maintenance());

/** A store of a test's own database, with its URL (for server processes the test starts on it). */
export type TestStore = Store & { url: string };

/** A database of this test's own, copied from the run's seeded (or empty) template; closing the store drops it. */
export async function postgresTestStore(o: { empty?: boolean } = {}): Promise<TestStore> {
  const name = await copyOf(`${process.env.TEST_TEMPLATE}${o.empty ? '_empty' : ''}`);
  const url = databaseUrl(name);
  const store = await openPostgres({ url, poolSize: 20 });
  return {
    ...store,
    url,
    async close() {
      await store.close();
      await drop(name);
    },
  };
}

/** A seeded database this process made before and put back, with its pool. */
interface Reusable {
  name: string;
  store: Store;
}
const putBack: Reusable[] = [];

async function newReusable(): Promise<Reusable> {
  const name = await copyOf(process.env.TEST_TEMPLATE!);
  return { name, store: await openPostgres({ url: databaseUrl(name), poolSize: 20, exitOnIdle: true }) };
}

/**
 * A seeded database for one test, in this process only: closing the store puts it back to the seeded state for the
 * next test (or drops it, if it cannot be put back).
 */
export async function reusedSeededStore(): Promise<Store> {
  const reusable = putBack.pop() ?? (await newReusable());
  let closed = false;
  return {
    db: reusable.store.db,
    engine: 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      try {
        await resetToSeed(reusable.store.db);
        putBack.push(reusable);
      } catch {
        await reusable.store.close();
        await drop(reusable.name);
      }
    },
  };
}
