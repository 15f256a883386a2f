/**
 * Putting a test's PostgreSQL database back to the seeded state without making a new one. A new database costs a
 * copy of the template and, worse, a new server process for every connection its pool opens; a database put back
 * in place keeps its pool's connections. The template carries a copy of every seeded table in the schema
 * `test_seed` and a function, `test_seed.reset()`, that empties the tables and fills them from the copies and sets
 * every sequence back: one round trip after each test.
 *
 * Most tests write to a few tables of the twenty, and refilling the largest (the seeded hourly figures) costs more
 * than the rest of the test. So every table has a statement trigger that notes its name in `test_seed.dirty` when
 * anything is written to it, and a superuser (the suite's own cluster) refills only those: it may skip the foreign-key
 * checks, and a row put back as it was seeded leaves every row that points at it valid. Another role refills every
 * table with the checks on, children emptied first and parents filled first.
 */
import { sql, type Kysely } from 'kysely';

interface Edge {
  child: string;
  parent: string;
}

/** Tables in an order where every table comes after the tables its foreign keys point to. */
function parentsFirst(tables: string[], edges: Edge[]): string[] {
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (done.has(table)) return;
    if (path.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    path.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, path);
    path.delete(table);
    done.add(table);
    order.push(table);
  };
  for (const t of [...tables].sort()) visit(t, new Set());
  return order;
}

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies the seeded tables into `test_seed` and writes `test_seed.reset()`; run once, on the template. */
export async function prepareReset(db: Kysely<any>): Promise<void> {
  const tables = (
    await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(db)
  ).rows.map((r) => r.name);
  const edges = (
    await sql<Edge>`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`.execute(db)
  ).rows.map((e) => ({ child: e.child.replaceAll('"', ''), parent: e.parent.replaceAll('"', '') }));
  const sequences = (
    await sql<{ name: string; last: number | null }>`
    SELECT sequencename AS name, last_value AS last FROM pg_sequences WHERE schemaname = 'public'`.execute(db)
  ).rows;
  const order = parentsFirst(tables, edges);

  const refill = (t: string) => `INSERT INTO public.${id(t)} OVERRIDING SYSTEM VALUE SELECT * FROM test_seed.${id(t)};`;
  const body = [
    // A test that left a lock behind makes the reset fail fast, and the database is dropped instead of reused.
    `SET LOCAL lock_timeout = '2s';`,
    `IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN`,
    // Replica mode turns off the foreign-key triggers (and the dirty-table triggers, for the refill's own writes).
    `  SET LOCAL session_replication_role = replica;`,
    `  FOR dirty IN SELECT DISTINCT name FROM test_seed.dirty LOOP`,
    `    EXECUTE format('DELETE FROM public.%I', dirty);`,
    `    EXECUTE format('INSERT INTO public.%I OVERRIDING SYSTEM VALUE SELECT * FROM test_seed.%I', dirty, dirty);`,
    `  END LOOP;`,
    `ELSE`,
    // DELETE, not TRUNCATE: a truncation makes new files for every table and index, which costs more than deleting
    // the few thousand rows a seeded database holds.
    ...[...order].reverse().map((t) => `  DELETE FROM public.${id(t)};`),
    ...order.map((t) => `  ${refill(t)}`),
    `END IF;`,
    `DELETE FROM test_seed.dirty;`,
    ...sequences.map((s) =>
      s.last === null
        ? `PERFORM setval('public.${id(s.name)}', 1, false);`
        : `PERFORM setval('public.${id(s.name)}', ${Number(s.last)}, true);`,
    ),
  ].join('\n  ');
  await db.transaction().execute(async (tx) => {
    await sql`CREATE SCHEMA test_seed`.execute(tx);
    for (const t of tables) await sql`CREATE TABLE test_seed.${sql.id(t)} AS TABLE public.${sql.id(t)}`.execute(tx);
    // No unique key: a unique insert would make every transaction that writes a table wait for the first one that did
    // to commit, and the race tests would race no more. A name may then be noted twice.
    await sql`CREATE TABLE test_seed.dirty (name text NOT NULL)`.execute(tx);
    await sql
      .raw(
        `CREATE FUNCTION test_seed.mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $mark$
BEGIN
  IF NOT EXISTS (SELECT FROM test_seed.dirty WHERE name = TG_TABLE_NAME) THEN
    INSERT INTO test_seed.dirty VALUES (TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$mark$`,
      )
      .execute(tx);
    for (const t of tables) {
      await sql`CREATE TRIGGER test_seed_dirty AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.${sql.id(t)}
        FOR EACH STATEMENT EXECUTE FUNCTION test_seed.mark_dirty()`.execute(tx);
    }
    await sql
      .raw(
        `CREATE FUNCTION test_seed.reset() RETURNS void LANGUAGE plpgsql AS $reset$
DECLARE dirty text;
BEGIN
  ${body}
END
$reset$`,
      )
      .execute(tx);
  });
}

/** Puts the database back to the state the template was seeded in. */
export async function resetToSeed(db: Kysely<any>): Promise<void> {
  await sql`SELECT test_seed.reset()`.execute(db);
}
