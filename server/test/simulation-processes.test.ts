/**
 * The delivery simulation with three server processes on one PostgreSQL, one of them killed (-9) halfway: each
 * tick is claimed by one process (storage/jobs.ts claimJobTick), a run advances by elapsed time, so every
 * plan must end exactly as one process alone moves it: the same steps, timeline, hourly rows and ledger rows, at the
 * same times, and the books balanced. The reference is the same puts (same plan ids, amounts, times and pace)
 * advanced in this process on a database of its own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db, Store } from '../storage/engine';
import { openSqliteFile, sqliteStore } from '../storage/engine';
import { migrateSqlite } from '../storage/migrate';
import { seed } from '../seed/seed';
import { advancePlans } from '../services/plans/simulation';
import { lifeSteps, planSchedule, type Schedule } from '../services/plans/schedule';
import { bareMerchant } from './ad-center-support';
import { FIXTURE_PASSWORD_COST } from './fixture-cost';
import { books, putTestPlan, topUp, type TestPut } from './plan-support';
import { postgresTestStore, testingOnPostgres, type TestStore } from './postgres-test';
import { spawnMain, type MainRun } from './spawn-main';

const STEP_MS = 20;
const FAIL_PERCENT = 25;
const PUT_CENTS = [12_000, 50_000, 99_999, 250_000, 7_500, 180_000, 64_321, 300_000];

/** Plan ids from `from` on whose schedules are short enough for the test, the first two failing their match. */
function pickIds(from: number): number[] {
  const ok = (s: Schedule) => lifeSteps(s) <= 120;
  const ids: number[] = [];
  for (let id = from; ids.length < PUT_CENTS.length; id++) {
    const s = planSchedule(id, FAIL_PERCENT);
    if (ok(s) && s.fails === ids.length < 2) ids.push(id);
  }
  return ids;
}

/** Everything a plan's life wrote, in a form both databases give alike. */
async function lifeOf(db: Db, planId: number) {
  const plan = await db
    .selectFrom('plans')
    .select([
      'status',
      'sim_step',
      'put_progress',
      'consumed_cents',
      'revenue_cents',
      'impressions',
      'clicks',
      'settled_cents',
      'put_at',
      'sim_step_ms',
    ])
    .where('id', '=', planId)
    .executeTakeFirstOrThrow();
  const timeline = await db
    .selectFrom('plan_events')
    .select(['status', 'at'])
    .where('plan_id', '=', planId)
    .orderBy('id')
    .execute();
  const hours = await db
    .selectFrom('plan_stats')
    .select(['hour', 'impressions', 'clicks', 'consumed_cents', 'revenue_cents'])
    .where('plan_id', '=', planId)
    .orderBy('hour')
    .execute();
  const planNo = (await db.selectFrom('plans').select('plan_no').where('id', '=', planId).executeTakeFirstOrThrow())
    .plan_no;
  const ledger = (
    await db
      .selectFrom('transaction_flow')
      .select(['type', 'amount_cents', 'remark', 'created_at'])
      .where('remark', 'like', `%"plan":"${planNo}"%`)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  ).map((r) => ({ ...r, remark: { ...(JSON.parse(r.remark ?? '{}') as object), plan: '·' } }));
  return {
    plan: { ...plan, consumed_cents: Number(plan.consumed_cents), revenue_cents: Number(plan.revenue_cents) },
    timeline: timeline.slice(1), // the waiting row is the test's own insert, timed by its clock
    hours: hours.map((h) => ({ ...h, hour: new Date(h.hour).toISOString() })),
    ledger,
  };
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(
  'the delivery simulation on three processes',
  { skip: !testingOnPostgres() && 'runs in the PostgreSQL pass of the suite' },
  () => {
    let store: TestStore;
    let reference: Store;
    const cleanups: (() => unknown)[] = [];
    before(async () => {
      store = await postgresTestStore();
      const raw = openSqliteFile(':memory:');
      migrateSqlite(raw);
      reference = sqliteStore(raw);
      await seed(reference.db, { passwordCost: FIXTURE_PASSWORD_COST });
    });
    after(async () => {
      for (const c of cleanups.splice(0)) await c();
      await reference.close();
      await store.close();
    });

    test('every plan moves exactly as one process moves it, through a process killed mid-life, and the books balance', async () => {
      const t = { after: (fn: () => unknown) => cleanups.push(fn) } as never;
      const runs: MainRun[] = [0, 1, 2].map(() =>
        spawnMain(t, {
          DATABASE_URL: store.url,
          DATABASE: '',
          LOG_LEVEL: 'error',
          SIMULATION_STEP_MS: String(STEP_MS),
          SIMULATION_FAIL_PERCENT: String(FAIL_PERCENT),
        }),
      );
      for (const run of runs) assert.ok('banner' in (await run.started), run.stderr());

      const user = await bareMerchant(store.db);
      const startMs = Date.now() - 60_000;
      await topUp(store.db, user.id, 10_000_000, startMs);
      const ids = pickIds(30_000);
      const puts: TestPut[] = [];
      // Put while the processes run, a little apart, as merchants would.
      for (const [i, id] of ids.entries()) {
        const put = { id, putCents: PUT_CENTS[i], atMs: Date.now(), stepMs: STEP_MS };
        puts.push(put);
        await putTestPlan(store.db, user.id, put);
        await new Promise((r) => setTimeout(r, 37));
      }
      const ended = async (id: number) =>
        ['settled', 'putFailed'].includes(
          (await store.db.selectFrom('plans').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
        );
      // Kill one while the plans are in delivery (the first failures end within four steps).
      await until(async () => ended(ids[0]), 20_000, 'the first plan ends');
      runs[0].child.kill('SIGKILL');
      await until(async () => (await Promise.all(ids.map(ended))).every(Boolean), 60_000, 'every plan ends');
      for (const run of runs.slice(1)) assert.equal(run.child.exitCode, null, `a survivor stopped: ${run.stderr()}`);

      // The same puts, advanced by one process in one go.
      const ref = await bareMerchant(reference.db);
      await topUp(reference.db, ref.id, 10_000_000, startMs);
      for (const put of puts) await putTestPlan(reference.db, ref.id, put);
      await advancePlans(reference.db, Date.now() + 60_000, { failPercent: FAIL_PERCENT, userId: ref.id });

      for (const id of ids) {
        const [got, want] = [await lifeOf(store.db, id), await lifeOf(reference.db, id)];
        assert.ok(
          want.plan.status === 'settled' || want.plan.status === 'putFailed',
          `reference plan ${id}: ${want.plan.status}`,
        );
        assert.deepEqual(got, want, `plan ${id}`);
      }
      const b = await books(store.db, user.id);
      assert.equal(b.ledgerSum, b.balance);
      assert.equal(b.lastBalanceAfter, b.balance);
      assert.equal(b.toBeSettled, 0);
      assert.deepEqual(b, await books(reference.db, ref.id));
    });
  },
);
