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
 *   Each merchant   (demo, the shops, the test API's fresh merchants): six plans over the last eight weeks
 *                   (settled, waiting for settlement, finished, two in delivery, one waiting to be put) with their
 *                   hourly delivery, credit score 124 (star 2, on the way to star 3), a wallet with a ledger
 *                   (top-ups, plan payments, one withdrawal) and a deposit. The demo also signed in on the three
 *                   days before the first seed (a streak to show; fresh test merchants start without one).
 */
import { createHash } from 'node:crypto';
import { stmt, type DB } from '../db/index';
import { deliverAll, deliverPlan, planTraits } from '../services/ad-center/delivery';
import { syncLevel } from '../services/ad-center/levels';
import { addDays, dayKey, localTime, UTC_ZONE } from '../services/ad-center/zone';
import { BANNERS, FAQS, LEVELS, OPERATING_RULES, PRODUCTS, SHOPS } from './seed-data';

/**
 * Seeded content's version, kept in the config table. Config rows are never overwritten, so content that
 * changed shape (FAQs and banners became 12-language rich text in version 1; banners gained subtitles and calls to
 * action, an FAQ a call to action, and the operating rules name the follow ID, in version 2) is upgraded once, and only where the stored document is still
 * exactly what an older seed wrote (one hash per earlier version): an operator's edit is left alone.
 */
export const CONTENT_VERSION = 2;
const LEGACY_CONTENT: Readonly<Record<string, { sha256: string[]; value: () => unknown }>> = {
  faq_config: {
    sha256: ['5338e3a34b21f3bc58157fa64253263f3afe623f62fe37a3a06b19e6ea0352b9', 'b7b687438118c8cb07e45bd5541c56545b770b2b451ede804d82e7a49186bf66'],
    value: () => FAQS,
  },
  banner_config: {
    sha256: ['778d8fc3570025bcbb9b642e5bbb6ab56f4b80c3fa97599108bfb0f729fdf001', '8ce6b121eb18e6f18c931244b8790e4b6ad7ab6c35d240c085cfba4648b31dd6'],
    value: () => BANNERS,
  },
  // The rules name the follow ID as the app does (issue 19), not "proxy ID".
  operating_rules: { sha256: ['fdd34201a9b452eee1cb5b6f1b6a45fa0e9da28a111c106b5c23cbe4420dcc32'], value: () => OPERATING_RULES },
};

const DAY = 86_400_000;
const DEMO_CREDIT_SCORE = 124;

/** Shared rows: run once per start inside seed()'s transaction. */
export function seedAdCenter(db: DB, now: string): void {
  const product = db.prepare('INSERT OR IGNORE INTO products (id, name, image, price_cents, description) VALUES (?, ?, ?, ?, ?)');
  for (const p of PRODUCTS) product.run(p.id, p.name, p.image, p.price_cents, p.description);

  const level = db.prepare(`INSERT OR IGNORE INTO levels (level, kind, rank, min_credit_score, min_investment_cents, benefits)
    VALUES (?, ?, ?, ?, ?, ?)`);
  for (const l of LEVELS) level.run(l.level, l.kind, l.rank, l.min_credit_score, l.min_investment_cents, JSON.stringify(l.benefits));

  db.prepare('INSERT OR IGNORE INTO config (key, value) VALUES (?, ?)').run('operating_rules', JSON.stringify(OPERATING_RULES));
  // Every amount is money in this currency (ISO 4217); the client formats each with Intl.
  db.prepare('INSERT OR IGNORE INTO config (key, value) VALUES (?, ?)').run('currency', JSON.stringify('USD'));
  upgradeContent(db, Date.parse(now));
  // Delivery while the server was down is written now, so the first answers need not catch up.
  deliverAll(db, Date.parse(now));
  seedShops(db, now);
}

function upgradeContent(db: DB, nowMs: number): void {
  const row = db.prepare('SELECT value FROM config WHERE key = ?');
  const version = Number((row.get('content_version') as { value: string } | undefined)?.value ?? 0);
  if (version >= CONTENT_VERSION) return;
  seedDemoSignIns(db, nowMs);
  const update = db.prepare('UPDATE config SET value = ? WHERE key = ?');
  for (const [key, legacy] of Object.entries(LEGACY_CONTENT)) {
    const stored = (row.get(key) as { value: string } | undefined)?.value;
    if (stored === undefined) continue;
    const hash = createHash('sha256').update(stored).digest('hex');
    if (legacy.sha256.includes(hash)) update.run(JSON.stringify(legacy.value()), key);
  }
  db.prepare('INSERT OR REPLACE INTO config (key, value) VALUES (?, ?)').run('content_version', String(CONTENT_VERSION));
}

/** Other merchants, so that the ticker has neighbours and plan follow has IDs to follow. */
function seedShops(db: DB, now: string): void {
  const demo = db.prepare("SELECT id, proxy_id, nickname, password_hash FROM users WHERE username = 'demo'").get() as
    { id: number; proxy_id: string; nickname: string; password_hash: string | null } | undefined;
  if (!demo) return;
  const nowMs = Date.parse(now);
  const insert = db.prepare(`INSERT OR IGNORE INTO users
    (username, nickname, email, phone, password_hash, entry, lang, state, store_opened, proxy_id, created_at, updated_at)
    VALUES (@username, @nickname, @email, @phone, @password_hash, 'register', @lang, 'active', 1, @proxy_id, @created_at, @created_at)`);
  const follow = db.prepare('INSERT OR IGNORE INTO follow_records (user_id, proxy_id, nickname, created_at) VALUES (?, ?, ?, ?)');
  for (const [i, shop] of SHOPS.entries()) {
    const joined = new Date(nowMs - (70 - i * 9) * DAY).toISOString();
    insert.run({ ...shop, password_hash: demo.password_hash, created_at: joined });
    const id = (db.prepare('SELECT id FROM users WHERE username = ?').get(shop.username) as { id: number }).id;
    db.prepare('INSERT OR IGNORE INTO wallets (user_id, updated_at) VALUES (?, ?)').run(id, now);
    seedMerchantPlans(db, id, now);
    if (i < 3) follow.run(id, demo.proxy_id, demo.nickname, new Date(nowMs - (20 - i * 5) * DAY).toISOString());
  }
}

interface PlanSpec {
  key: number; daysAgo: number; putCents: number; product: number;
  /** The status it ends in; history plans also get their pace (days to spend the put amount). */
  status: 'settled' | 'waitSettlement' | 'putFinished' | 'puting' | 'waitPut'; paceDays?: number;
}

const PLANS: readonly PlanSpec[] = [
  { key: 1, daysAgo: 52, putCents: 80_000, product: 1, status: 'settled', paceDays: 9 },
  { key: 2, daysAgo: 38, putCents: 60_000, product: 2, status: 'waitSettlement', paceDays: 8 },
  { key: 3, daysAgo: 20, putCents: 50_000, product: 3, status: 'putFinished', paceDays: 7 },
  { key: 4, daysAgo: 12, putCents: 150_000, product: 4, status: 'puting' },
  { key: 5, daysAgo: 3, putCents: 90_000, product: 1, status: 'puting' },
  { key: 6, daysAgo: 1, putCents: 0, product: 2, status: 'waitPut' },
];

/**
 * One merchant's plans and several weeks of hourly delivery, so every period of the overview has figures; and,
 * for a merchant that had no plans yet, the wallet and ledger that paid for them and the credit score.
 * Cheap enough to run per browser test (about a thousand delivery rows). Inside a transaction.
 */
export function seedMerchantPlans(db: DB, userId: number, now: string): void {
  const nowMs = Date.parse(now);
  const hadPlans = !!stmt(db, 'SELECT 1 FROM plans WHERE user_id = ? LIMIT 1').get(userId);
  // Each merchant's story differs a little: amounts within ±15 %, times shifted by up to 11 hours.
  const vary = (userId * 2654435761) >>> 0;
  const factor = 85 + (vary % 31);
  const shiftMs = ((vary >>> 8) % 12) * 3_600_000;
  const exists = stmt(db, 'SELECT 1 FROM plans WHERE plan_no = ?');
  const insert = stmt(db, `INSERT INTO plans (plan_no, user_id, product_id, put_amount_cents, content, rule, user_targeting, official, status,
      lowest_put_cents, highest_put_cents, created_at, updated_at)
    VALUES (@plan_no, @user_id, @product_id, @put, @content, @rule, @targeting, @official, @status, 10000, 500000, @created, @created)`);
  const bills: { at: string; cents: number; plan: string }[] = [];

  for (const p of PLANS) {
    const planNo = `AD${String(userId).padStart(6, '0')}${String(p.key).padStart(2, '0')}`;
    if (exists.get(planNo)) continue;
    const put = Math.round((p.putCents * factor) / 100 / 100) * 100;
    const created = new Date(nowMs - p.daysAgo * DAY - shiftMs).toISOString();
    const id = Number(insert.run({
      plan_no: planNo, user_id: userId, product_id: p.product, put, content: `Campaign ${p.key}`,
      rule: 'CPM, daily rhythm', targeting: p.key % 2 ? 'All regions, 18-45' : 'Urban, 25-54', official: p.key === 4 ? 1 : 0,
      status: p.status === 'waitPut' ? 'waitPut' : 'puting', created,
    }).lastInsertRowid);
    if (p.status === 'waitPut') continue;
    bills.push({ at: created, cents: put, plan: planNo });
    const traits = planTraits(id, put);
    if (p.paceDays) traits.dailyBudgetCents = Math.ceil(put / p.paceDays);
    deliverPlan(db, { id }, nowMs, traits);
    if (p.status !== 'puting') {
      // History: the plan ran its course; whatever it did not spend stays unspent.
      stmt(db, 'UPDATE plans SET status = ?, put_progress = 100 WHERE id = ?').run(p.status, id);
    }
  }
  if (hadPlans || bills.length === 0) return;
  seedWallet(db, userId, nowMs, bills);
  stmt(db, 'UPDATE users SET credit_score = ? WHERE id = ? AND credit_score < ?').run(DEMO_CREDIT_SCORE, userId, DEMO_CREDIT_SCORE);
  syncLevel(db, userId);
}

/** The demo's sign-in streak (the three days before the first seed), so the examples page shows one. */
function seedDemoSignIns(db: DB, nowMs: number): void {
  const demo = db.prepare("SELECT id FROM users WHERE username = 'demo'").get() as { id: number } | undefined;
  if (!demo || db.prepare('SELECT 1 FROM sign_ins WHERE user_id = ? LIMIT 1').get(demo.id)) return;
  const today = localTime(nowMs, UTC_ZONE);
  const signIn = db.prepare('INSERT OR IGNORE INTO sign_ins (user_id, day, created_at) VALUES (?, ?, ?)');
  for (let i = 1; i <= 3; i++) signIn.run(demo.id, dayKey(addDays(today, -i)), new Date(nowMs - i * DAY).toISOString());
}

/** A ledger that pays for the plans: top-ups, one payment per plan put, a withdrawal; the balance follows it. */
function seedWallet(db: DB, userId: number, nowMs: number, bills: { at: string; cents: number; plan: string }[]): void {
  const w = stmt<{ balance_cents: number }>(db, 'SELECT balance_cents FROM wallets WHERE user_id = ?').get(userId);
  const flows = stmt(db, 'SELECT 1 FROM transaction_flow WHERE user_id = ? LIMIT 1').get(userId);
  if (!w || w.balance_cents !== 0 || flows) return;
  const billed = bills.reduce((s, b) => s + b.cents, 0);
  const events = [
    { at: new Date(nowMs - 56 * DAY).toISOString(), type: 'system_topup', cents: billed + 200_000, remark: 'Top-up via customer service' },
    ...bills.map((b) => ({ at: b.at, type: 'ad_billing', cents: -b.cents, remark: `Plan ${b.plan}` })),
    { at: new Date(nowMs - 30 * DAY).toISOString(), type: 'system_topup', cents: 150_000, remark: 'Top-up via customer service' },
    { at: new Date(nowMs - 10 * DAY).toISOString(), type: 'manual_withdrawal', cents: -50_000, remark: 'Withdrawal to bank card' },
  ].sort((a, b) => (a.at < b.at ? -1 : 1));
  const insert = stmt(db, `INSERT INTO transaction_flow (user_id, type, amount_cents, balance_after_cents, remark, created_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  let balance = 0;
  for (const e of events) {
    balance += e.cents;
    insert.run(userId, e.type, e.cents, balance, e.remark, e.at);
  }
  // "To be consumed" is not stored: it is derived from the plans (services/wallet.ts).
  stmt(db, 'UPDATE wallets SET balance_cents = ?, deposit_cents = ?, updated_at = ? WHERE user_id = ?')
    .run(balance, 100_000, new Date(nowMs).toISOString(), userId);
}
