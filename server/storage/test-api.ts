/**
 * The test API's own reads and writes (routes/test-api.ts): states that take days or an operator in real life.
 * Everything else it does goes through the services, as a real request would.
 */
import { isPostgres, type Db } from './engine';
import { insertRows } from './seed';

/**
 * Holds the user's row until the caller's transaction ends (PostgreSQL; SQLite's transaction holds the whole
 * database), so two test calls that rewrite the same merchant's rows run one after the other.
 */
export async function lockUserRow(trx: Db, userId: number): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The user's sessions and when each was opened. */
export async function sessionTimes(db: Db, userId: number): Promise<{ id: number; created_at: string }[]> {
  return db.selectFrom('tokens').select(['id', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
}

export async function setSessionOpenedAt(db: Db, tokenId: number, at: string): Promise<void> {
  await db.updateTable('tokens').set({ created_at: at }).where('id', '=', tokenId).execute();
}

export interface TestContact {
  type: number;
  url: string;
  label: string;
  sort: number;
}

/** Replaces the merchant's own contacts of a kind (ids are the table's own, never basic config's). */
export async function replaceUserContacts(
  db: Db,
  userId: number,
  kind: 'service' | 'recharge',
  contacts: readonly TestContact[],
): Promise<void> {
  await db.deleteFrom('contacts').where('user_id', '=', userId).where('kind', '=', kind).execute();
  for (const c of contacts) {
    await db
      .insertInto('contacts')
      .values({ kind, type: c.type, url: c.url, label: c.label, sort: c.sort, user_id: userId })
      .execute();
  }
}

/** The wallet's test state of a fresh merchant: its transaction password (null: none) and start-up funds. */
export async function setWalletTestState(
  db: Db,
  userId: number,
  payPasswordHash: string | null,
  startupFundsReturned: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ pay_password_hash: payPasswordHash, startup_funds_returned: startupFundsReturned ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** Check-ins on these days (rows only, none already there is changed); answers how many were added. */
export async function addSignIns(
  db: Db,
  userId: number,
  days: readonly { day: string; created_at: string }[],
): Promise<number> {
  return insertRows(
    db,
    'sign_ins',
    days.map((d) => ({ user_id: userId, ...d })),
  );
}

export async function productExists(db: Db, productId: number): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()) !== undefined;
}

/** The merchant's first settled plan. */
export async function firstSettledPlanId(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('plans')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'settled')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface DeliveryRow {
  plan_id: number;
  user_id: number;
  hour: string;
  impressions: number;
  clicks: number;
  consumed_cents: number;
  revenue_cents: number;
}

/** Adds delivery to a plan's hour: a row of its own, or added to the one there (in one statement, so none is lost). */
export async function addDeliveryRow(db: Db, r: DeliveryRow): Promise<void> {
  await db
    .insertInto('plan_stats')
    .values(r)
    .onConflict((oc) =>
      oc.columns(['plan_id', 'hour']).doUpdateSet((eb) => ({
        impressions: eb('plan_stats.impressions', '+', eb.ref('excluded.impressions')),
        clicks: eb('plan_stats.clicks', '+', eb.ref('excluded.clicks')),
        consumed_cents: eb('plan_stats.consumed_cents', '+', eb.ref('excluded.consumed_cents')),
        revenue_cents: eb('plan_stats.revenue_cents', '+', eb.ref('excluded.revenue_cents')),
      })),
    )
    .execute();
}

/**
 * Sets the pace of the merchant's put plan (its steps' length from now on: a plan keeps the pace it was put at), so
 * a screen test can watch it move at a pace of its choosing; false when the merchant has no such plan.
 */
export async function setPlanPace(db: Db, userId: number, planId: number, stepMs: number): Promise<boolean> {
  const r = await db
    .updateTable('plans')
    .set({ sim_step_ms: stepMs })
    .where('id', '=', planId)
    .where('user_id', '=', userId)
    .where('put_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
