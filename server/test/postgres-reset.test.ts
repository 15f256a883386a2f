/**
 * The PostgreSQL pass reuses a test's database after putting it back to the seed (postgres-reset.ts), refilling only
 * the tables a test wrote to. If a write escaped that record, the next test would start from another test's rows:
 * here every kind of write (insert, update, delete, a delete that cascades into other tables, a truncation) is made,
 * and the database put back must equal a fresh copy of the template, table by table and sequence by sequence.
 * Skipped on the SQLite pass, where every test has a fresh copy of the seeded image.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema';
import { postgresTestStore, reusedSeededStore, testingOnPostgres } from './postgres-test';

const skip = !testingOnPostgres() && 'runs when the suite runs on PostgreSQL';

/** Every row of every table and every sequence's position, as text that compares exactly. */
async function contents(
  db: Kysely<any>,
): Promise<{ database: string; tables: Record<string, string>; sequences: Record<string, string | null> }> {
  const {
    rows: [{ database }],
  } = await sql<{ database: string }>`SELECT current_database() AS database`.execute(db);
  const names = (
    await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(
      db,
    )
  ).rows;
  const tables: Record<string, string> = {};
  for (const { name } of names) {
    const {
      rows: [row],
    } = await sql<{ rows: string }>`
      SELECT coalesce(json_agg(x ORDER BY x::text), '[]')::text AS rows FROM public.${sql.id(name)} x`.execute(db);
    tables[name] = row.rows;
  }
  const sequences = Object.fromEntries(
    (
      await sql<{ name: string; last: string | null }>`
    SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`.execute(db)
    ).rows.map((s) => [s.name, s.last]),
  );
  return { database, tables, sequences };
}

/** One kind of write each, alone, so that no other write marks the tables it changes. */
const writes: Record<string, (db: Kysely<Database>) => Promise<unknown>> = {
  'an insert': async (db) => {
    const { id: _, ...inactive } = await db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'inactive')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ ...inactive, username: 'reset_probe', proxy_id: '19999999', email: 'probe@example.com' })
      .execute();
  },
  'an update': (db) => db.updateTable('plans').set({ updated_at: '2001-01-01 00:00:00' }).execute(),
  // Every table that points at a merchant changes with it, though the test wrote to one.
  'a delete that cascades': (db) => db.deleteFrom('users').where('username', '=', 'demo').execute(),
  'a truncation': (db) => sql`TRUNCATE public.plan_stats`.execute(db),
};

test(
  'a reused database is put back exactly as seeded, whatever a test wrote: an insert, an update, a cascading delete, a truncation',
  { skip },
  async () => {
    const fresh = await postgresTestStore();
    const seeded = await contents(fresh.db);
    await fresh.close();
    for (const [kind, write] of Object.entries(writes)) {
      const used = await reusedSeededStore();
      const before = await contents(used.db);
      assert.deepEqual(before.tables, seeded.tables, `${kind}: the reused database starts as seeded`);
      await write(used.db);
      const changed = await contents(used.db);
      assert.ok(
        Object.keys(seeded.tables).some((t) => changed.tables[t] !== seeded.tables[t]),
        `${kind} changed something`,
      );
      await used.close();

      const next = await reusedSeededStore();
      try {
        const after = await contents(next.db);
        assert.equal(after.database, before.database, `${kind}: the same database, reused`);
        assert.deepEqual(after.tables, seeded.tables, `${kind}: every row as seeded`);
        assert.deepEqual(after.sequences, seeded.sequences, `${kind}: every sequence as seeded`);
      } finally {
        await next.close();
      }
    }
  },
);
