/**
 * Seed of the ad centre's shared data (products, levels, operating rules, the content upgrade of FAQs and
 * banners, the merchants whose proxy IDs can be followed) and of one merchant's plans, delivery history, wallet
 * and sign-ins. Idempotent like seed.ts: only what is missing is inserted.
 *
 *   Levels          1-3 user star, 4-6 VIP; reached on credit score OR total investment:
 *                   0/0.00, 110/1000.00, 130/5000.00, 150/20000.00, 175/50000.00, 200/100000.00
 *   Merchants       shop-a Sunrise Bakery 10000011, shop-b Harbor Coffee 10000012, shop-c Maple Outfitters
 *                   10000013, shop-d Lotus Beauty 10000014 (password demo1234), each with plans and history;
 *                   shop-a, shop-b and shop-c follow demo (its "operated" figure)
 *   Each merchant   (demo, the shops, the test API's fresh merchants): twelve plans over the last eight weeks, in
 *                   every status (five waiting to be put, matching, two in delivery, put failed, finished, waiting
 *                   for settlement, settled), lived through the delivery simulation at one step an hour (their
 *                   hourly delivery, timeline, payments, refund and settlement), credit score 124 (star 2, on the
 *                   way to star 3), a wallet with a ledger of every flow type over five months (top-ups, puts, a
 *                   refund, a settlement, withdrawals, and seed-wallet.ts's LEDGER_STORY) ending at a balance of
 *                   10,000.00, and a deposit. The demo also signed in on the three
 *                   days before the first seed (a streak to show; fresh test merchants start without one).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../storage/engine';
import {
  backdatePlan,
  configText,
  insertPlan,
  insertRows,
  insertUserIfMissing,
  putConfigText,
  raiseCreditScore,
  seedUserNamed,
  setDeposit,
  updateConfigText,
  updatePlan,
  userHasRows,
  walletBalance,
} from '../storage/seed';
import type { PlanStatus } from '../../src/api/shapes/plan';
import type { FundingDetail } from '../../src/api/shapes/wallet';
import { planSchedule, type Schedule } from '../services/plans/schedule';
import { advancePlans } from '../services/plans/simulation';
import { moveStatus } from '../services/plans/transitions';
import { postEntry } from '../services/ledger';
import type { RemarkInput } from '../services/remarks';
import { syncLevel } from '../services/ad-center/levels';
import { addDays, dayKey, localTime, UTC_ZONE } from '../services/ad-center/zone';
import { BANNERS, FAQS, LEVELS, OPERATING_RULES, PRODUCTS, SHOPS } from './seed-data';
import { LEDGER_STORY } from './seed-wallet';

/**
 * Seeded content's version, kept in the config table. Config rows are never overwritten, so content that
 * changed shape (FAQs and banners became 12-language rich text in version 1; banners gained subtitles and calls to
 * action, an FAQ a call to action, and the operating rules name the follow ID, in version 2) is upgraded once, and only where the stored document is still
 * exactly what an older seed wrote (one hash per earlier version): an operator's edit is left alone.
 */
export const CONTENT_VERSION = 2;
const LEGACY_CONTENT: Readonly<Record<string, { sha256: string[]; value: () => unknown }>> = {
  faq_config: {
    sha256: [
      '5338e3a34b21f3bc58157fa64253263f3afe623f62fe37a3a06b19e6ea0352b9',
      'b7b687438118c8cb07e45bd5541c56545b770b2b451ede804d82e7a49186bf66',
    ],
    value: () => FAQS,
  },
  banner_config: {
    sha256: [
      '778d8fc3570025bcbb9b642e5bbb6ab56f4b80c3fa97599108bfb0f729fdf001',
      '8ce6b121eb18e6f18c931244b8790e4b6ad7ab6c35d240c085cfba4648b31dd6',
    ],
    value: () => BANNERS,
  },
  // The rules name the follow ID as the app's screens do, not "proxy ID", so the two words never disagree.
  operating_rules: {
    sha256: ['fdd34201a9b452eee1cb5b6f1b6a45fa0e9da28a111c106b5c23cbe4420dcc32'],
    value: () => OPERATING_RULES,
  },
};

const DAY = 86_400_000;
const DEMO_CREDIT_SCORE = 124;

/** Shared rows: run once per start inside seed()'s transaction. */
export async function seedAdCenter(db: Db, now: string): Promise<void> {
  await insertRows(
    db,
    'products',
    PRODUCTS.map((p) => ({
      id: p.id,
      name: p.name,
      image: p.image,
      price_cents: p.price_cents,
      description: p.description,
    })),
  );
  await insertRows(
    db,
    'levels',
    LEVELS.map((l) => ({
      level: l.level,
      kind: l.kind,
      rank: l.rank,
      min_credit_score: l.min_credit_score,
      min_investment_cents: l.min_investment_cents,
      benefits: JSON.stringify(l.benefits),
    })),
  );
  await insertRows(db, 'config', [
    { key: 'operating_rules', value: JSON.stringify(OPERATING_RULES) },
    // Every amount is money in this currency (ISO 4217); the client formats each with Intl.
    { key: 'currency', value: JSON.stringify('USD') },
  ]);
  await upgradeContent(db, Date.parse(now));
  // Steps due while the server was down are applied now, so the first answers need not catch up.
  await advancePlans(db, Date.parse(now));
  await seedShops(db, now);
}

async function upgradeContent(db: Db, nowMs: number): Promise<void> {
  const version = Number((await configText(db, 'content_version')) ?? 0);
  if (version >= CONTENT_VERSION) return;
  await seedDemoSignIns(db, nowMs);
  for (const [key, legacy] of Object.entries(LEGACY_CONTENT)) {
    const stored = await configText(db, key);
    if (stored === undefined) continue;
    const hash = createHash('sha256').update(stored).digest('hex');
    if (legacy.sha256.includes(hash)) await updateConfigText(db, key, JSON.stringify(legacy.value()));
  }
  await putConfigText(db, 'content_version', String(CONTENT_VERSION));
}

/** Other merchants, so that the ticker has neighbours and plan follow has IDs to follow. */
async function seedShops(db: Db, now: string): Promise<void> {
  const demo = await seedUserNamed(db, 'demo');
  if (!demo) return;
  const nowMs = Date.parse(now);
  for (const [i, shop] of SHOPS.entries()) {
    const joined = new Date(nowMs - (70 - i * 9) * DAY).toISOString();
    await insertUserIfMissing(db, {
      ...shop,
      password_hash: demo.password_hash,
      entry: 'register',
      state: 'active',
      store_opened: 1,
      created_at: joined,
      updated_at: joined,
    });
    const { id } = (await seedUserNamed(db, shop.username))!;
    await insertRows(db, 'wallets', [{ user_id: id, updated_at: now }]);
    await seedMerchantPlans(db, id, now);
    if (i < 3) {
      await insertRows(db, 'follow_records', [
        {
          user_id: id,
          proxy_id: demo.proxy_id,
          nickname: demo.nickname,
          created_at: new Date(nowMs - (20 - i * 5) * DAY).toISOString(),
        },
      ]);
    }
  }
}

interface PlanSpec {
  key: number;
  product: number;
  official: boolean;
  lowestCents: number;
  highestCents: number;
  /** The status the plan is in when seeded (it moves on from there at one step an hour). */
  status: PlanStatus;
  /** What was put (put plans), before the merchant's ±15 %. */
  putCents?: number;
  /** When it was put, for plans whose life is over (settled, putFailed). */
  putDaysAgo?: number;
  /** How far through delivery a puting plan is. */
  progress?: number;
}

/** Twelve plans, one or more in every status: two pages of "all" at page size 10. */
const PLANS: readonly PlanSpec[] = [
  {
    key: 1,
    product: 1,
    official: false,
    lowestCents: 10_000,
    highestCents: 500_000,
    status: 'settled',
    putCents: 80_000,
    putDaysAgo: 48,
  },
  {
    key: 2,
    product: 3,
    official: true,
    lowestCents: 20_000,
    highestCents: 300_000,
    status: 'putFailed',
    putCents: 30_000,
    putDaysAgo: 30,
  },
  {
    key: 3,
    product: 2,
    official: false,
    lowestCents: 10_000,
    highestCents: 500_000,
    status: 'waitSettlement',
    putCents: 60_000,
  },
  {
    key: 4,
    product: 3,
    official: true,
    lowestCents: 10_000,
    highestCents: 500_000,
    status: 'putFinished',
    putCents: 50_000,
  },
  {
    key: 5,
    product: 4,
    official: true,
    lowestCents: 50_000,
    highestCents: 500_000,
    status: 'puting',
    putCents: 120_000,
    progress: 0.6,
  },
  {
    key: 6,
    product: 1,
    official: false,
    lowestCents: 10_000,
    highestCents: 200_000,
    status: 'puting',
    putCents: 70_000,
    progress: 0.25,
  },
  {
    key: 7,
    product: 2,
    official: false,
    lowestCents: 10_000,
    highestCents: 100_000,
    status: 'matching',
    putCents: 40_000,
  },
  { key: 8, product: 2, official: false, lowestCents: 10_000, highestCents: 500_000, status: 'waitPut' },
  { key: 9, product: 3, official: true, lowestCents: 50_000, highestCents: 200_000, status: 'waitPut' },
  { key: 10, product: 4, official: false, lowestCents: 100_000, highestCents: 1_000_000, status: 'waitPut' },
  { key: 11, product: 1, official: true, lowestCents: 20_000, highestCents: 80_000, status: 'waitPut' },
  { key: 12, product: 4, official: false, lowestCents: 5_000, highestCents: 30_000, status: 'waitPut' },
];

const HOUR_MS = 3_600_000;
/** The balance a seeded merchant ends with: enough for a put of any waiting plan. */
const SEEDED_BALANCE_CENTS = 1_000_000;

/** When a plan put with this schedule must have been put to be in `spec.status` now (its step just taken). */
function putTime(spec: PlanSpec, s: Schedule, nowMs: number): number {
  const m = s.matchSteps;
  const justTook = (k: number) => nowMs - k * HOUR_MS - 1_000;
  switch (spec.status) {
    case 'matching':
      return nowMs - 20 * 60_000;
    case 'puting':
      return justTook(m + Math.min(s.putSteps - 1, Math.max(1, Math.floor(s.putSteps * (spec.progress ?? 0.5)))));
    case 'putFinished':
      return justTook(m + s.putSteps);
    case 'waitSettlement':
      return justTook(m + s.putSteps + 1);
    default:
      return nowMs - (spec.putDaysAgo ?? 30) * DAY;
  }
}

/**
 * One merchant's plans, lived through the simulation itself (services/plans/simulation.ts) at one step an hour:
 * each put pays from the balance with its ledger row and starts matching, the steps since then are applied in
 * time order (delivery rows, timeline, to be settled, the settlement's and the failure's ledger rows), so the
 * seeded books obey the same rules as a put made now. With the wallet's top-ups and a withdrawal in between,
 * and a last top-up that leaves the balance at 10,000.00. Only for a merchant without plans (the demo once, each
 * fresh test merchant). Inside a transaction.
 */
export async function seedMerchantPlans(db: Db, userId: number, now: string): Promise<void> {
  if (await userHasRows(db, 'plans', userId)) return;
  const balance = await walletBalance(db, userId);
  if (balance !== 0 || (await userHasRows(db, 'transaction_flow', userId))) return;
  const nowMs = Date.parse(now);
  // Each merchant's story differs a little: amounts within ±15 %, times shifted by up to 11 hours.
  const vary = (userId * 2654435761) >>> 0;
  const factor = 85 + (vary % 31);
  const shiftMs = ((vary >>> 8) % 12) * HOUR_MS;
  const fails = new Set<number>();
  const puts: { at: number; id: number; planNo: string; cents: number }[] = [];

  for (const p of PLANS) {
    const planNo = `AD${String(userId).padStart(6, '0')}${String(p.key).padStart(2, '0')}`;
    // Ids first: a put plan's schedule (and so when it was put) is a function of its id.
    const id = await insertPlan(db, {
      plan_no: planNo,
      user_id: userId,
      product_id: p.product,
      content: `Campaign ${p.key}`,
      rule: 'CPM, daily rhythm',
      user_targeting: p.key % 2 ? 'All regions, 18-45' : 'Urban, 25-54',
      official: p.official ? 1 : 0,
      status: 'waitPut',
      lowest_put_cents: p.lowestCents,
      highest_put_cents: p.highestCents,
      created_at: now,
      updated_at: now,
    });
    if (p.status === 'putFailed') fails.add(id);
    let created = nowMs - (p.key - 6) * 17 * HOUR_MS - shiftMs;
    if (p.putCents !== undefined) {
      const at = putTime(p, planSchedule(id, fails.has(id) ? 100 : 0), nowMs);
      puts.push({ at, id, planNo, cents: Math.round((p.putCents * factor) / 100 / 100) * 100 });
      created = at - 5 * HOUR_MS - shiftMs;
    }
    await backdatePlan(db, id, new Date(created).toISOString());
  }

  const paidTotal = puts.reduce((a, p) => a + p.cents, 0);
  type Step = { at: number; run: () => Promise<void> };
  const move = async (type: FundingDetail['type'], cents: number, remark: RemarkInput, atMs: number) => {
    await postEntry(db, { user_id: userId, type, amount_cents: cents, remark, at: new Date(atMs).toISOString() });
  };
  const topUpRemark = { kind: 'topup_service' } as const;
  const story: Step[] = [
    { at: nowMs - 56 * DAY, run: () => move('system_topup', paidTotal + 200_000, topUpRemark, nowMs - 56 * DAY) },
    {
      at: nowMs - 30 * DAY + HOUR_MS,
      run: () => move('system_topup', 150_000, topUpRemark, nowMs - 30 * DAY + HOUR_MS),
    },
    {
      at: nowMs - 10 * DAY,
      run: () => move('manual_withdrawal', -50_000, { kind: 'withdrawal_to_card' }, nowMs - 10 * DAY),
    },
    // The wallet's other flow types over five months (seed-wallet.ts), from an opening top-up on.
    ...LEDGER_STORY.map((r) => ({
      at: nowMs - r.daysAgo * DAY,
      run: () => move(r.type, r.cents, r.remark, nowMs - r.daysAgo * DAY),
    })),
    ...puts.map((p) => ({
      at: p.at,
      run: async () => {
        const at = new Date(p.at).toISOString();
        await move('ad_serving', -p.cents, { kind: 'put', plan: p.planNo }, p.at);
        await updatePlan(db, p.id, {
          put_amount_cents: p.cents,
          paid_cents: p.cents,
          put_at: at,
          sim_step: 0,
          sim_step_ms: HOUR_MS,
          updated_at: at,
        });
        await moveStatus(db, p.id, 'waitPut', 'matching', at);
      },
    })),
    // The last top-up, after the last put, rounds the balance to what the demo table promises (no seeded step
    // moves the balance before the next settlement).
    {
      at: nowMs - 10 * 60_000,
      run: async () => {
        const b = (await walletBalance(db, userId))!;
        if (b < SEEDED_BALANCE_CENTS)
          await move('system_topup', SEEDED_BALANCE_CENTS - b, topUpRemark, nowMs - 10 * 60_000);
      },
    },
  ].sort((a, b) => a.at - b.at);
  const failPercent = (id: number) => (fails.has(id) ? 100 : 0);
  for (const step of story) {
    await advancePlans(db, step.at, { userId, failPercent });
    await step.run();
  }
  await advancePlans(db, nowMs, { userId, failPercent });
  await setDeposit(db, userId, 100_000);
  await raiseCreditScore(db, userId, DEMO_CREDIT_SCORE);
  await syncLevel(db, userId);
}

/** The demo's sign-in streak (the three days before the first seed), so the examples page shows one. */
async function seedDemoSignIns(db: Db, nowMs: number): Promise<void> {
  const demo = await seedUserNamed(db, 'demo');
  if (!demo || (await userHasRows(db, 'sign_ins', demo.id))) return;
  const today = localTime(nowMs, UTC_ZONE);
  await insertRows(
    db,
    'sign_ins',
    [1, 2, 3].map((i) => ({
      user_id: demo.id,
      day: dayKey(addDays(today, -i)),
      created_at: new Date(nowMs - i * DAY).toISOString(),
    })),
  );
}
