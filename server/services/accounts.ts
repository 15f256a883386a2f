/**
 * Becoming a merchant and opening the store: registering with a license key, a partner user registering (or
 * updating themselves) with an entry ticket, and opening the store with an authorization code. Each is one
 * immediate transaction, so a single-use code or ticket is taken exactly once, together with what it pays for.
 * Guess limiting and password hashing stay with the caller (the HTTP layer); these are synchronous.
 */
import type { ReqOf } from '../../src/api/calls';
import type { AuthResult } from '../../src/api/shapes/account';
import { stmt, type DB } from '../db/index';
import { nowIso } from '../lib/time';
import { takeEntryTicket } from './entry-access';
import { Refusal } from './errors';
import { assertActive, createUser, findPartnerUser, findUserById, findUserByUsername, issueToken, REGISTER_ENTRY, type SessionTerms, type UserRow } from './users';

type CodeTable = 'license_keys' | 'auth_codes';
interface CodeRow { id: number; reusable: 0 | 1; disabled: 0 | 1; used_by: number | null }

/**
 * A license key or authorization code: usable if it exists, is not disabled, and is reusable or unused.
 * Consumes single-use codes unless `dryRun` (call inside a transaction). Returns false if not usable.
 */
function consumeCode(db: DB, table: CodeTable, code: string, userId: number | null, dryRun = false): boolean {
  const row = stmt<CodeRow>(db, `SELECT id, reusable, disabled, used_by FROM ${table} WHERE code = ?`).get(code);
  if (!row || row.disabled || (!row.reusable && row.used_by !== null)) return false;
  if (row.reusable || dryRun) return true;
  return stmt(db, `UPDATE ${table} SET used_by = ?, used_at = ? WHERE id = ? AND used_by IS NULL`).run(userId, nowIso(), row.id).changes === 1;
}

/** Whether the key could register someone now (nothing is taken): checked before any costly hashing. */
export const licenseUsable = (db: DB, licenseKey: string): boolean => consumeCode(db, 'license_keys', licenseKey, null, true);

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

export type RegisterRefusal = 'license_invalid' | 'user_exists';

/**
 * Creates the merchant, their wallet and first session, taking a single-use license key. Returns the refusal
 * rather than throwing it, because the caller counts it as a failed guess.
 */
export function registerMerchant(db: DB, input: ReqOf<'authRegister'>, passwordHash: string, session: SessionTerms): AuthResult | RegisterRefusal {
  try {
    return db.transaction((): AuthResult | RegisterRefusal => {
      if (!licenseUsable(db, input.license_key)) return 'license_invalid'; // a single-use key taken meanwhile
      if (findUserByUsername(db, input.username)) return 'user_exists';
      const user = createUser(db, {
        username: input.username,
        nickname: input.nickname || input.username,
        email: input.email,
        phone: input.phone,
        password_hash: passwordHash,
        entry: REGISTER_ENTRY,
        lang: input.lang ?? 'en',
      });
      consumeCode(db, 'license_keys', input.license_key, user.id); // usable: checked above under this write lock
      return issueToken(db, user.id, session.ttlSeconds, session.nowMs);
    }).immediate();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return 'user_exists'; // lost a race with another process
  }
}

/**
 * A partner user registers, or changes nickname and language, with the entry ticket a valid link for this very
 * user was answered with. A refusal (no such ticket: entry_link_expired; an inactive account) rolls the
 * transaction back and so leaves the ticket usable.
 */
export function registerPartnerUser(db: DB, partner: { entry: string; lang: string }, input: ReqOf<'registerV2'>, session: SessionTerms): AuthResult {
  return db.transaction(() => {
    if (!takeEntryTicket(db, input.ticket, partner.entry, input.uid)) throw new Refusal('entry_link_expired');
    let user = findPartnerUser(db, partner.entry, input.uid);
    if (user) {
      if (input.nickname !== undefined || input.lang !== undefined) {
        stmt(db, 'UPDATE users SET nickname = ?, lang = ?, updated_at = ? WHERE id = ?')
          .run(input.nickname ?? user.nickname, input.lang ?? user.lang, nowIso(), user.id);
        user = findUserById(db, user.id)!;
      }
    } else {
      user = createUser(db, {
        // ':' never occurs in a merchant's username (schema pattern) nor in a partner entry (table check).
        username: `${partner.entry}:${input.uid}`,
        nickname: input.nickname || input.uid,
        password_hash: null,
        entry: partner.entry,
        partner_uid: input.uid,
        lang: input.lang ?? partner.lang,
      });
    }
    assertActive(user);
    return issueToken(db, user.id, session.ttlSeconds, session.nowMs);
  }).immediate();
}

/**
 * Opens the merchant's store with an authorization code. An already opened store still needs a valid code, but
 * does not use up a single-use one. Returns the user as now stored, or null when the code is not usable
 * (nothing written; the caller counts a failed guess).
 */
export function openStore(db: DB, userId: number, authCode: string): UserRow | null {
  return db.transaction(() => {
    const user = findUserById(db, userId)!;
    if (!consumeCode(db, 'auth_codes', authCode, user.id, user.store_opened === 1)) return null;
    if (!user.store_opened) stmt(db, 'UPDATE users SET store_opened = 1, updated_at = ? WHERE id = ?').run(nowIso(), user.id);
    return findUserById(db, user.id)!;
  }).immediate();
}
