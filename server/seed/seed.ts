/**
 * Seed data (idempotent: run on every start, it only inserts what is missing and never overwrites edits).
 *
 *   Merchant accounts (password `demo1234` for all):
 *     demo      entry register, active, store opened, lang en  ← the demo login
 *     inactive  state not_activated → code 402, lang en
 *     disabled  state disabled      → code 403, lang de
 *     deleted   state deleted       → code 404, lang fr
 *   License key          DEMO-LICENSE  reusable (any other key is single-use)
 *   Authorization code   DEMO-AUTH     reusable (any other code is single-use)
 *   Partner entries      partner (lang en, link secret `demo-partner-secret`),
 *                        partner-de (lang de, link secret `demo-partner-de-secret`): public demo keys; a real
 *                        partner's key is set by an operator (a partner without one cannot sign links)
 *   Partner user         entry partner, uid p-1001, store opened (log in with a signed link: `npm run partner-link`)
 *   Configuration        language map, contacts, withdraw methods, FAQ, privacy policy, banners (seed-data.ts)
 *   Inbox                messages to everyone and to each seeded merchant, read and unread (seed-notifications.ts)
 *   Feedback             the demo's past feedback (three, without images)
 *   Wallet               demo's transaction password 123456, card, acceptance orders; `newbie` (demo1234) with start-up
 *                        funds not returned and no transaction password; acceptance codes (seed-wallet.ts)
 *
 * The four seeded merchants share one scrypt hash (one salt) of the public demo password, so seeding costs one hash.
 */
import { hashPasswordSync, PASSWORD_COST, type PasswordCost } from '../lib/crypto';
import { nowIso } from '../lib/time';
import type { Db } from '../storage/engine';
import { inTransaction } from '../storage/transaction';
import {
  advanceIdSequences,
  insertRows,
  insertUserIfMissing,
  lockSeed,
  seedUserNamed,
  setPartnerSecretIfUnset,
  usersWithoutWallet,
} from '../storage/seed';
import { seedAdCenter, seedMerchantPlans } from './seed-ad-center';
import { seedCouponTemplates, seedMerchantCoupons } from './seed-coupons';
import { seedDemoFeedback } from './seed-feedback';
import { seedWallet } from './seed-wallet';
import { seedEveryoneNotifications, seedMerchantNotifications } from './seed-notifications';
import { BANNERS, CONTACTS, FAQS, LANGUAGE_MAP, PRIVACY_POLICY, WITHDRAW_METHODS } from './seed-data';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LICENSE = 'DEMO-LICENSE';
export const DEMO_AUTH_CODE = 'DEMO-AUTH';
/** The demo partners' entry-link keys: documented, so anyone can make a demo link (server/partner-link.ts). */
export const DEMO_PARTNER_SECRETS: Readonly<Record<string, string>> = {
  partner: 'demo-partner-secret',
  'partner-de': 'demo-partner-de-secret',
};

const MERCHANTS = [
  {
    username: 'demo',
    state: 'active',
    lang: 'en',
    store_opened: 1,
    proxy_id: '10000001',
    nickname: 'Demo Store',
    email: 'demo@example.com',
    phone: '+1 555 010 0001',
  },
  {
    username: 'inactive',
    state: 'not_activated',
    lang: 'en',
    store_opened: 0,
    proxy_id: '10000002',
    nickname: 'Inactive',
    email: 'inactive@example.com',
    phone: '+1 555 010 0002',
  },
  {
    username: 'disabled',
    state: 'disabled',
    lang: 'de',
    store_opened: 1,
    proxy_id: '10000003',
    nickname: 'Disabled',
    email: 'disabled@example.com',
    phone: '+49 30 1234567',
  },
  {
    username: 'deleted',
    state: 'deleted',
    lang: 'fr',
    store_opened: 1,
    proxy_id: '10000004',
    nickname: 'Deleted',
    email: 'deleted@example.com',
    phone: '+33 1 23456789',
  },
] as const;

/** `passwordCost`: what the demo passwords are hashed with (a test's fixtures may be cheaper: AppOptions.passwordCost). */
export async function seed(db: Db, o: { passwordCost?: PasswordCost } = {}): Promise<void> {
  const cost = o.passwordCost ?? PASSWORD_COST;
  const now = nowIso();
  // The one password hash is made before the transaction (a hash holds no transaction open), and only when a
  // merchant is missing; inserting skips any that another process added meanwhile.
  const missing: (typeof MERCHANTS)[number][] = [];
  for (const m of MERCHANTS) if (!(await seedUserNamed(db, m.username))) missing.push(m);
  const hash = missing.length ? hashPasswordSync(DEMO_PASSWORD, cost) : '';

  await inTransaction(db, async (trx) => {
    await lockSeed(trx);
    const user = (u: Omit<Parameters<typeof insertUserIfMissing>[1], 'created_at' | 'updated_at'>) =>
      insertUserIfMissing(trx, { ...u, created_at: now, updated_at: now });
    for (const m of missing) await user({ ...m, password_hash: hash, entry: 'register', partner_uid: null });

    await insertRows(trx, 'partners', [
      { entry: 'partner', name: 'Demo partner', lang: 'en', created_at: now },
      { entry: 'partner-de', name: 'Demo-Partner (DE)', lang: 'de', created_at: now },
    ]);
    for (const [entry, key] of Object.entries(DEMO_PARTNER_SECRETS)) await setPartnerSecretIfUnset(trx, entry, key);
    await user({
      username: 'partner:p-1001',
      nickname: 'Partner store',
      email: '',
      phone: '',
      password_hash: null,
      entry: 'partner',
      partner_uid: 'p-1001',
      lang: 'en',
      state: 'active',
      store_opened: 1,
      proxy_id: '10000005',
    });

    await insertRows(trx, 'license_keys', [{ code: DEMO_LICENSE, reusable: 1, created_at: now }]);
    await insertRows(trx, 'auth_codes', [{ code: DEMO_AUTH_CODE, reusable: 1, created_at: now }]);

    // Every user has a wallet row.
    await insertRows(
      trx,
      'wallets',
      (await usersWithoutWallet(trx)).map((id) => ({ user_id: id, updated_at: now })),
    );

    await insertRows(
      trx,
      'contacts',
      CONTACTS.map((c) => ({
        id: c.id,
        kind: c.kind,
        type: c.type,
        url: c.url,
        label: JSON.stringify(c.label),
        sort: c.sort,
      })),
    );

    await insertRows(trx, 'config', [
      { key: 'client_language_map', value: JSON.stringify(LANGUAGE_MAP) },
      { key: 'withdraw_method_config', value: JSON.stringify(WITHDRAW_METHODS) },
      { key: 'faq_config', value: JSON.stringify(FAQS) },
      { key: 'privacy_policy', value: JSON.stringify(PRIVACY_POLICY) },
      { key: 'banner_config', value: JSON.stringify(BANNERS) },
    ]);

    // The ad centre: shared rows, then the demo merchant's plans, delivery history, coupons and follows.
    await seedAdCenter(trx, now);
    await seedCouponTemplates(trx, now);
    await seedEveryoneNotifications(trx, now);
    const demo = (await seedUserNamed(trx, 'demo'))!;
    await seedMerchantData(trx, demo.id, now);
    await seedDemoFeedback(trx, demo.id, now);
    await seedWallet(trx, demo.id, now, cost);
    // Rows inserted with their own ids (contacts, products, coupons, activities): PostgreSQL's next ids go past them.
    await advanceIdSequences(trx);
  });
}

/** A merchant's ad-centre data and inbox (the demo's, and each fresh merchant the test API makes). Inside a transaction. */
export async function seedMerchantData(db: Db, userId: number, now: string): Promise<void> {
  await seedMerchantPlans(db, userId, now);
  await seedMerchantCoupons(db, userId, now);
  await seedMerchantNotifications(db, userId, now);
}
