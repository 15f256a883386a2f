/**
 * The wallet's seed (issue 22). Idempotent like seed.ts: only what is missing is inserted.
 *
 *   demo          transaction password 123456, start-up funds returned, a bound bank card, the balance of the
 *                 ad-centre seed (10,000.00) and a ledger of every flow type over five months (seed-ad-center.ts's
 *                 story with ledgerStory's rows below), acceptance orders (completed, closed and one accepting)
 *   newbie        password demo1234, start-up funds NOT returned, no transaction password, no card (both refusals)
 *   Codes         FX-PERSONAL-2026 (personal) and FX-ENTERPRISE-2026 (enterprise) are reusable; FX-P-1001..1003
 *                 (personal) and FX-E-2001..2003 (enterprise) work once
 */
import { createHash } from 'node:crypto';
import type { BankCard, BindingKind } from '../../src/api/contract';
import { stmt, type DB } from '../db/index';
import { hashPasswordSync } from '../lib/crypto';

export const DEMO_PAY_PASSWORD = '123456';

/** What the client sends for a 6-digit transaction password: its MD5 hex (the server stores scrypt of that). */
export const payPasswordWire = (digits: string) => createHash('md5').update(digits, 'utf8').digest('hex');
/** The stored form of a transaction password (synchronous: the seed and the test API only). */
export const payPasswordHashSync = (digits: string) => hashPasswordSync(payPasswordWire(digits));

/** A plausible binding of each kind (the demo's card, the test API's). */
export const SAMPLE_CARDS: Readonly<Record<BindingKind, BankCard>> = {
  bank: {
    kind: 'bank', bank_name: 'First Harbor Bank', user_name: 'Demo Store Ltd', mobile: '+1 555 010 0001',
    account: '6222020200118842', bank_address: '100 Market Street, San Francisco, CA', branch: 'Market Street branch',
  },
  wallet: {
    kind: 'wallet', bank_name: 'USDT (TRC20)', user_name: 'Demo Store Ltd', mobile: '+1 555 010 0001',
    account: 'TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1JgH', bank_address: '', branch: '',
  },
};

/** Binds `card` to the merchant unless something is bound already. Inside a transaction. */
export function bindSampleCard(db: DB, userId: number, card: BankCard, at: string): void {
  stmt(db, `INSERT OR IGNORE INTO bank_cards (user_id, kind, bank_name, user_name, mobile, account, bank_address, branch, updated_at)
    VALUES (@user, @kind, @bank_name, @user_name, @mobile, @account, @bank_address, @branch, @at)`).run({ user: userId, at, ...card });
}
