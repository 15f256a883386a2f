/**
 * The seed's reads and writes (server/seed/): rows inserted only where missing, so the seed can run on every start
 * and never overwrite what a merchant or an operator changed since. Written for both engines.
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import { isPostgres, type Db } from './engine';
import { lowerOf } from './expressions';
import type { Database, PlansTable, UsersTable } from './schema';

/**
 * Inserts the rows a table does not hold yet (a row that would break a unique or primary key is skipped, as
 * `INSERT OR IGNORE` did); answers how many were inserted. Rows are sent together as long as they name the same
 * columns: a multi-row insert fills a column one row leaves out with NULL on SQLite, not with its default.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length;) {
    const shape = Object.keys(rows[start]).join();
    let end = start + 1;
    while (end < rows.length && Object.keys(rows[end]).join() === shape) end++;
    const r = await db
      .insertInto(table)
      .values(rows.slice(start, end))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(r.numInsertedOrUpdatedRows ?? 0);
    start = end;
  }
  return inserted;
}

/** Any number that is the same for every process: the advisory lock the seed runs under on PostgreSQL. */
const SEED_LOCK = 4_142_042;

/**
 * Makes processes starting together on one PostgreSQL seed one after another: the seed reads ("this merchant has
 * no plans yet") and then writes, which is safe only if no other seed writes in between. The lock is held until
 * the caller's transaction ends. SQLite needs none: its transactions take the write lock when they begin.
 */
export async function lockSeed(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
}

/**
 * PostgreSQL hands out ids from a sequence per table, which rows inserted with their own id (the seed's products,
 * coupons, contacts, activities) do not move: the next id handed out would collide with theirs. Each table's
 * sequence is moved to its largest id, only ever forward (a sequence set back could hand out again an id that a
 * running server's open transaction already holds). SQLite picks max(id) + 1 by itself.
 */
export async function advanceIdSequences(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'id'
      AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
    ORDER BY table_name`.execute(db);
  for (const { table_name: t } of tables.rows) {
    await sql`
      SELECT setval(pg_get_serial_sequence(${t}, 'id'), top.id)
      FROM (SELECT GREATEST((SELECT MAX(id) FROM ${sql.table(t)}), 1) AS id) AS top
      WHERE top.id > COALESCE((SELECT s.last_value FROM pg_sequences s
        WHERE format('%I.%I', s.schemaname, s.sequencename) = pg_get_serial_sequence(${t}, 'id')), 0)`.execute(db);
  }
}

// ---------- users ----------

export interface SeedUser {
  id: number;
  proxy_id: string;
  nickname: string;
  password_hash: string | null;
}

/** A user by name (case-blind, as names are unique). */
export async function seedUserNamed(db: Db, username: string): Promise<SeedUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'proxy_id', 'nickname', 'password_hash'])
    .where(lowerOf('users.username'), '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Inserts a user unless the name or proxy ID is taken; answers the new id, or undefined when nothing was inserted. */
export async function insertUserIfMissing(db: Db, row: Insertable<UsersTable>): Promise<number | undefined> {
  const r = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

/** Ids of the users without a wallet row. */
export async function usersWithoutWallet(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('wallets', 'wallets.user_id', 'users.id')
    .select('users.id')
    .where('wallets.user_id', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The nickname of the active user with this proxy ID, other than `exceptUserId`. */
export async function activeNicknameByProxyId(
  db: Db,
  proxyId: string,
  exceptUserId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('nickname')
    .where('proxy_id', '=', proxyId)
    .where('id', '<>', exceptUserId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return row?.nickname;
}

/** Raises the credit score to `score` (never lowers it). */
export async function raiseCreditScore(db: Db, userId: number, score: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ credit_score: score })
    .where('id', '=', userId)
    .where('credit_score', '<', score)
    .execute();
}

/** The demo's wallet state, set once: start-up funds returned, and this transaction password unless one is set. */
export async function setSeededWalletState(db: Db, userId: number, payPasswordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      startup_funds_returned: 1,
      pay_password_hash: eb.fn.coalesce('pay_password_hash', eb.val(payPasswordHash)),
    }))
    .where('id', '=', userId)
    .execute();
}

// ---------- partners and configuration ----------

/** Sets a partner's link key only where none is set yet: an operator's key is never overwritten. */
export async function setPartnerSecretIfUnset(db: Db, entry: string, secret: string): Promise<void> {
  await db
    .updateTable('partners')
    .set({ link_secret: secret })
    .where('entry', '=', entry)
    .where('link_secret', 'is', null)
    .execute();
}

/** A configuration document's stored text. */
export async function configText(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Overwrites a configuration document that exists. */
export async function updateConfigText(db: Db, key: string, value: string): Promise<void> {
  await db.updateTable('config').set({ value }).where('key', '=', key).execute();
}

/** Writes a configuration document, replacing any stored one. */
export async function putConfigText(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('config')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

// ---------- a merchant's rows ----------

type UserOwnedTable = 'plans' | 'transaction_flow' | 'user_coupons' | 'acceptor_orders' | 'sign_ins';

/** Whether the user has any row in `table`. */
export async function userHasRows(db: Db, table: UserOwnedTable, userId: number): Promise<boolean> {
  // Every one of these tables has user_id: typed through one of them.
  const row = await db
    .selectFrom(table as 'plans')
    .select('user_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The wallet's balance, or undefined when the user has no wallet. */
export async function walletBalance(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance_cents;
}

export async function setDeposit(db: Db, userId: number, cents: number): Promise<void> {
  await db.updateTable('wallets').set({ deposit_cents: cents }).where('user_id', '=', userId).execute();
}

/** Inserts a plan and its first timeline entry (waitPut, at its creation); answers its id. */
export async function insertPlan(db: Db, row: Insertable<PlansTable>): Promise<number> {
  const { id } = await db.insertInto('plans').values(row).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('plan_events').values({ plan_id: id, status: 'waitPut', at: row.created_at }).execute();
  return id;
}

export async function updatePlan(db: Db, planId: number, set: Updateable<PlansTable>): Promise<void> {
  await db.updateTable('plans').set(set).where('id', '=', planId).execute();
}

/** Moves a plan's creation (and its first timeline entry) to `at`. */
export async function backdatePlan(db: Db, planId: number, at: string): Promise<void> {
  await db.updateTable('plans').set({ created_at: at, updated_at: at }).where('id', '=', planId).execute();
  await db
    .updateTable('plan_events')
    .set({ at })
    .where('plan_id', '=', planId)
    .where('status', '=', 'waitPut')
    .execute();
}

/** A seeded message's id and time, by its key. */
export async function notificationBySeedKey(
  db: Db,
  seedKey: string,
): Promise<{ id: number; created_at: string } | undefined> {
  return db.selectFrom('notifications').select(['id', 'created_at']).where('seed_key', '=', seedKey).executeTakeFirst();
}

/** An acceptance code's id (codes are case-blind). */
export async function acceptanceCodeId(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('acceptance_codes')
    .select('id')
    .where(lowerOf('acceptance_codes.code'), '=', code.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
