/**
 * The wallet's seed. Idempotent like seed.ts: only what is missing is inserted.
 *
 *   demo          transaction password 123456, start-up funds returned, a bound bank card, the balance of the
 *                 ad-centre seed (10,000.00) and a ledger of every flow type over five months (seed-ad-center.ts's
 *                 story with ledgerStory's rows below), acceptance orders (completed, closed and one accepting)
 *   newbie        password demo1234, start-up funds NOT returned, no transaction password, no card (both refusals)
 *   Codes         FX-PERSONAL-2026 (personal) and FX-ENTERPRISE-2026 (enterprise) are reusable; FX-P-1001..1003
 *                 (personal) and FX-E-2001..2003 (enterprise) work once
 */
import { createHash } from 'node:crypto';
import type { BankCard, BindingKind, FundingDetail } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import {
  acceptanceCodeId,
  configText,
  insertRows,
  insertUserIfMissing,
  seedUserNamed,
  setSeededWalletState,
  userHasRows,
} from '../storage/seed';
import { costKey, hashPasswordSync, PASSWORD_COST, type PasswordCost } from '../lib/crypto';
import { postEntry } from '../services/ledger';
import type { RemarkInput } from '../services/remarks';

export const DEMO_PAY_PASSWORD = '123456';

/** What the client sends for a 6-digit transaction password: its MD5 hex (the server stores scrypt of that). */
export const payPasswordWire = (digits: string) => createHash('md5').update(digits, 'utf8').digest('hex');
const hashes = new Map<string, string>();
/**
 * The stored form of a transaction password (synchronous: the seed and the test API only). Kept per password for
 * the process: these are public demo and test passwords, and each fresh test database would otherwise pay a scrypt.
 */
export function payPasswordHashSync(digits: string, cost: PasswordCost = PASSWORD_COST): string {
  const key = `${costKey(cost)}$${digits}`;
  let hash = hashes.get(key);
  if (!hash) hashes.set(key, (hash = hashPasswordSync(payPasswordWire(digits), cost)));
  return hash;
}

/** A plausible binding of each kind (the demo's card, the test API's). */
export const SAMPLE_CARDS: Readonly<Record<BindingKind, BankCard>> = {
  bank: {
    kind: 'bank',
    bank_name: 'First Harbor Bank',
    user_name: 'Demo Store Ltd',
    mobile: '+1 555 010 0001',
    account: '6222020200118842',
    bank_address: '100 Market Street, San Francisco, CA',
    branch: 'Market Street branch',
  },
  wallet: {
    kind: 'wallet',
    bank_name: 'USDT (TRC20)',
    user_name: 'Demo Store Ltd',
    mobile: '+1 555 010 0001',
    account: 'TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1JgH',
    bank_address: '',
    branch: '',
  },
};

/** How long before "now" a seeded or test binding was made: well past the payout hold, so it can be withdrawn to. */
export const SAMPLE_CARD_AGE_DAYS = 30;

/**
 * Binds `card` to the merchant unless something is bound already, as bound SAMPLE_CARD_AGE_DAYS before `now`: the
 * demo and the test API's merchants withdraw at once, where a binding through `/bank_card/edit` starts the payout
 * hold. Inside a transaction.
 */
export async function bindSampleCard(db: Db, userId: number, card: BankCard, now: string): Promise<void> {
  const bound = Date.parse(now) - SAMPLE_CARD_AGE_DAYS * 86_400_000;
  await insertRows(db, 'bank_cards', [
    {
      user_id: userId,
      kind: card.kind,
      bank_name: card.bank_name,
      user_name: card.user_name,
      mobile: card.mobile,
      account: card.account,
      bank_address: card.bank_address,
      branch: card.branch,
      updated_at: new Date(bound).toISOString(),
      changed_at: bound,
    },
  ]);
}

/**
 * Ledger rows of every flow type that the ad-centre story (seed-ad-center.ts seedMerchantPlans) does not write on
 * its own, spread over the months before and during it (with remarks, some empty), so every seeded merchant's
 * ledger spans five months. The first is the opening top-up: the balance never goes below zero.
 */
export const LEDGER_STORY: readonly {
  daysAgo: number;
  type: FundingDetail['type'];
  cents: number;
  remark: RemarkInput;
}[] = [
  { daysAgo: 140, type: 'system_topup', cents: 500_000, remark: { kind: 'opening_deposit' } },
  { daysAgo: 133, type: 'vip_subscription', cents: -19_900, remark: { kind: 'vip_monthly' } },
  { daysAgo: 126, type: 'ad_billing', cents: -12_050, remark: null },
  { daysAgo: 118, type: 'profit_sharing', cents: 8_640, remark: { kind: 'partner_profit' } },
  { daysAgo: 110, type: 'virtual_recharge_deduction', cents: -5_000, remark: { kind: 'virtual_recharge' } },
  { daysAgo: 103, type: 'vip_subscription', cents: -19_900, remark: { kind: 'vip_monthly' } },
  { daysAgo: 97, type: 'system_debit', cents: -2_500, remark: null },
  { daysAgo: 90, type: 'manual_withdrawal', cents: -100_000, remark: { kind: 'withdrawal_to_card' } },
  // An operator's own note: shown as written, in every language.
  { daysAgo: 84, type: 'ad_billing', cents: -7_525, remark: 'Campaign billing adjustment (ticket 4471)' },
  { daysAgo: 76, type: 'profit_sharing', cents: 4_210, remark: null },
  { daysAgo: 72, type: 'vip_subscription', cents: -19_900, remark: { kind: 'vip_monthly' } },
  { daysAgo: 65, type: 'virtual_recharge_deduction', cents: -3_000, remark: null },
  { daysAgo: 42, type: 'vip_subscription', cents: -19_900, remark: { kind: 'vip_monthly' } },
  { daysAgo: 38, type: 'system_debit', cents: -1_000, remark: { kind: 'service_fee' } },
  { daysAgo: 21, type: 'profit_sharing', cents: 5_500, remark: { kind: 'partner_profit' } },
  { daysAgo: 12, type: 'vip_subscription', cents: -19_900, remark: { kind: 'vip_monthly' } },
  { daysAgo: 6, type: 'ad_billing', cents: -4_000, remark: null },
  { daysAgo: 3, type: 'virtual_recharge_deduction', cents: -2_000, remark: { kind: 'virtual_recharge' } },
];

/** Acceptance codes: two reusable (public, in the README) and three single-use of each type. */
export const ACCEPTANCE_CODES: readonly {
  code: string;
  type: 'personal' | 'enterprise';
  amount: number;
  limit: number;
  reusable: boolean;
}[] = [
  { code: 'FX-PERSONAL-2026', type: 'personal', amount: 500_000, limit: 5_000_000, reusable: true },
  { code: 'FX-ENTERPRISE-2026', type: 'enterprise', amount: 2_000_000, limit: 20_000_000, reusable: true },
  ...[1001, 1002, 1003].map((n) => ({
    code: `FX-P-${n}`,
    type: 'personal' as const,
    amount: 100_000,
    limit: 1_000_000,
    reusable: false,
  })),
  ...[2001, 2002, 2003].map((n) => ({
    code: `FX-E-${n}`,
    type: 'enterprise' as const,
    amount: 1_000_000,
    limit: 10_000_000,
    reusable: false,
  })),
];

const DAY = 86_400_000;
const NEWBIE = {
  username: 'newbie',
  nickname: 'Newbie Shop',
  proxy_id: '10000006',
  email: 'newbie@example.com',
  phone: '+1 555 010 0006',
};

/**
 * The wallet's shared rows and the demo's and newbie's wallets. Inside seed()'s transaction, after the demo's
 * ad-centre data. The demo's password, start-up funds, card and acceptance orders are set once per database
 * (a config marker), so an edit made through the app is never undone by the next start.
 */
export async function seedWallet(
  db: Db,
  demoId: number,
  now: string,
  cost: PasswordCost = PASSWORD_COST,
): Promise<void> {
  await insertRows(
    db,
    'acceptance_codes',
    ACCEPTANCE_CODES.map((c) => ({
      code: c.code,
      type: c.type,
      amount_cents: c.amount,
      limit_cents: c.limit,
      reusable: c.reusable ? 1 : 0,
    })),
  );

  const nowMs = Date.parse(now);
  const demo = (await seedUserNamed(db, 'demo'))!;
  // newbie: start-up funds not returned, no transaction password, nothing bound; a first top-up to look at.
  const id = await insertUserIfMissing(db, {
    ...NEWBIE,
    password_hash: demo.password_hash,
    entry: 'register',
    lang: 'en',
    state: 'active',
    store_opened: 1,
    startup_funds_returned: 0,
    created_at: now,
    updated_at: now,
  });
  if (id !== undefined) {
    const at = new Date(nowMs - 2 * DAY).toISOString();
    await insertRows(db, 'wallets', [{ user_id: id, updated_at: at }]);
    await postEntry(db, {
      user_id: id,
      type: 'system_topup',
      amount_cents: 50_000,
      remark: { kind: 'startup_funds' },
      at,
    });
  }

  if ((await configText(db, 'wallet_seeded')) !== undefined) return;
  await insertRows(db, 'config', [{ key: 'wallet_seeded', value: '1' }]);
  await setSeededWalletState(db, demoId, payPasswordHashSync(DEMO_PAY_PASSWORD, cost));
  await bindSampleCard(db, demoId, SAMPLE_CARDS.bank, now);
  if (await userHasRows(db, 'acceptor_orders', demoId)) return;
  const history = [
    { daysAgo: 75, code: 'FX-PERSONAL-2026', state: 'completed' },
    { daysAgo: 48, code: 'FX-ENTERPRISE-2026', state: 'completed' },
    { daysAgo: 26, code: 'FX-PERSONAL-2026', state: 'closed' },
    { daysAgo: 9, code: 'FX-ENTERPRISE-2026', state: 'closed' },
    { daysAgo: 2, code: 'FX-PERSONAL-2026', state: 'accepting' },
  ];
  for (const h of history) {
    const c = ACCEPTANCE_CODES.find((x) => x.code === h.code)!;
    await insertRows(db, 'acceptor_orders', [
      {
        user_id: demoId,
        type: c.type,
        amount_cents: c.amount,
        limit_cents: c.limit,
        state: h.state,
        code_id: (await acceptanceCodeId(db, h.code))!,
        created_at: new Date(nowMs - h.daysAgo * DAY).toISOString(),
      },
    ]);
  }
}
