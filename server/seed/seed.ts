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
import { hashPasswordSync } from '../lib/crypto';
import { nowIso } from '../lib/time';
import type { DB } from '../db/index';
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
  { username: 'demo', state: 'active', lang: 'en', store_opened: 1, proxy_id: '10000001', nickname: 'Demo Store', email: 'demo@example.com', phone: '+1 555 010 0001' },
  { username: 'inactive', state: 'not_activated', lang: 'en', store_opened: 0, proxy_id: '10000002', nickname: 'Inactive', email: 'inactive@example.com', phone: '+1 555 010 0002' },
  { username: 'disabled', state: 'disabled', lang: 'de', store_opened: 1, proxy_id: '10000003', nickname: 'Disabled', email: 'disabled@example.com', phone: '+49 30 1234567' },
  { username: 'deleted', state: 'deleted', lang: 'fr', store_opened: 1, proxy_id: '10000004', nickname: 'Deleted', email: 'deleted@example.com', phone: '+33 1 23456789' },
] as const;

export function seed(db: DB): void {
  const now = nowIso();
  const missing = MERCHANTS.filter((m) => !db.prepare('SELECT 1 FROM users WHERE username = ?').get(m.username));
  const hash = missing.length ? hashPasswordSync(DEMO_PASSWORD) : '';

  db.transaction(() => {
    const insertUser = db.prepare(`INSERT OR IGNORE INTO users
      (username, nickname, email, phone, password_hash, entry, partner_uid, lang, state, store_opened, proxy_id, created_at, updated_at)
      VALUES (@username, @nickname, @email, @phone, @password_hash, @entry, @partner_uid, @lang, @state, @store_opened, @proxy_id, @now, @now)`);
    for (const m of missing) insertUser.run({ ...m, password_hash: hash, entry: 'register', partner_uid: null, now });

    const partner = db.prepare('INSERT OR IGNORE INTO partners (entry, name, lang, created_at) VALUES (?, ?, ?, ?)');
    partner.run('partner', 'Demo partner', 'en', now);
    partner.run('partner-de', 'Demo-Partner (DE)', 'de', now);
    // Only where no key is set yet: an operator's key is never overwritten.
    const secret = db.prepare('UPDATE partners SET link_secret = ? WHERE entry = ? AND link_secret IS NULL');
    for (const [entry, key] of Object.entries(DEMO_PARTNER_SECRETS)) secret.run(key, entry);
    insertUser.run({
      username: 'partner:p-1001', nickname: 'Partner store', email: '', phone: '', password_hash: null, entry: 'partner',
      partner_uid: 'p-1001', lang: 'en', state: 'active', store_opened: 1, proxy_id: '10000005', now,
    });

    db.prepare('INSERT OR IGNORE INTO license_keys (code, reusable, created_at) VALUES (?, 1, ?)').run(DEMO_LICENSE, now);
    db.prepare('INSERT OR IGNORE INTO auth_codes (code, reusable, created_at) VALUES (?, 1, ?)').run(DEMO_AUTH_CODE, now);

    // Every user has a wallet row.
    db.prepare('INSERT OR IGNORE INTO wallets (user_id, updated_at) SELECT id, ? FROM users').run(now);

    const contact = db.prepare('INSERT OR IGNORE INTO contacts (id, kind, type, url, label, sort) VALUES (?, ?, ?, ?, ?, ?)');
    for (const c of CONTACTS) contact.run(c.id, c.kind, c.type, c.url, JSON.stringify(c.label), c.sort);

    const config = db.prepare('INSERT OR IGNORE INTO config (key, value) VALUES (?, ?)');
    config.run('client_language_map', JSON.stringify(LANGUAGE_MAP));
    config.run('withdraw_method_config', JSON.stringify(WITHDRAW_METHODS));
    config.run('faq_config', JSON.stringify(FAQS));
    config.run('privacy_policy', JSON.stringify(PRIVACY_POLICY));
    config.run('banner_config', JSON.stringify(BANNERS));

    // The ad centre: shared rows, then the demo merchant's plans, delivery history, coupons and follows.
    seedAdCenter(db, now);
    seedCouponTemplates(db, now);
    seedEveryoneNotifications(db, now);
    const demo = db.prepare('SELECT id FROM users WHERE username = ?').get('demo') as { id: number };
    seedMerchantData(db, demo.id, now);
    seedDemoFeedback(db, demo.id, now);
    seedWallet(db, demo.id, now);
  }).immediate();
}

/** A merchant's ad-centre data and inbox (the demo's, and each fresh merchant the test API makes). Inside a transaction. */
export function seedMerchantData(db: DB, userId: number, now: string): void {
  seedMerchantPlans(db, userId, now);
  seedMerchantCoupons(db, userId, now);
  seedMerchantNotifications(db, userId, now);
}
