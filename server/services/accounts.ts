/**
 * Becoming a merchant and opening the store: registering with a license key, a partner user registering (or
 * updating themselves) with an entry ticket, and opening the store with an authorization code. Each is one
 * transaction, and a single-use code or ticket is taken by a conditional statement whose changed rows are checked,
 * so it is taken exactly once, together with what it pays for, also by parallel requests in several processes.
 * Guess limiting and password hashing stay with the caller (the HTTP layer).
 */
import type { ReqOf } from '../../src/api/calls';
import type { AuthResult } from '../../src/api/shapes/account';
import type { Db } from '../storage/engine';
import * as store from '../storage/accounts';
import type { CodeTable } from '../storage/accounts';
import { isUniqueViolation } from '../storage/errors';
import { inTransaction } from '../storage/transaction';
import { nowIso } from '../lib/time';
import { takeEntryTicket } from './entry-access';
import { Refusal } from './errors';
import {
  assertActive,
  createUser,
  findPartnerUser,
  findUserById,
  findUserByUsername,
  issueToken,
  REGISTER_ENTRY,
  type SessionTerms,
  type UserRow,
} from './users';

/** A license key or authorization code is usable if it exists, is not disabled, and is reusable or unused (nothing is taken). */
async function codeUsable(db: Db, table: CodeTable, code: string): Promise<boolean> {
  const row = await store.findCode(db, table, code);
  return !!row && !row.disabled && (!!row.reusable || row.used_by === null);
}

/**
 * Uses the code for `userId`: a single-use one is taken by one conditional statement (of parallel requests with
 * the same code exactly one gets it), a reusable one only has to be usable. False when it is not usable. Call
 * inside the transaction of what it pays for.
 */
async function consumeCode(db: Db, table: CodeTable, code: string, userId: number, at: string): Promise<boolean> {
  if (await store.takeSingleUseCode(db, table, code, userId, at)) return true;
  const row = await store.findCode(db, table, code);
  return !!row && !row.disabled && !!row.reusable;
}

/** Whether the key could register someone now (nothing is taken): checked before any costly hashing. */
export const licenseUsable = (db: Db, licenseKey: string): Promise<boolean> =>
  codeUsable(db, 'license_keys', licenseKey);

export type RegisterRefusal = 'license_invalid' | 'user_exists';

/** Thrown inside a transaction to roll it back with a refusal the caller answers. */
class RolledBack<T> extends Error {
  constructor(readonly outcome: T) {
    super('rolled back');
  }
}

/**
 * Creates the merchant, their wallet and first session, taking a single-use license key, in one transaction.
 * Returns the refusal rather than throwing it, because the caller counts it as a failed guess. A key taken by a
 * parallel registration (the conditional take changes no row) rolls the new user back: license_invalid; a username
 * taken by a parallel registration (the unique key refuses the insert, on either engine) answers user_exists, as
 * when it was taken before.
 */
export async function registerMerchant(
  db: Db,
  input: ReqOf<'authRegister'>,
  passwordHash: string,
  session: SessionTerms,
): Promise<AuthResult | RegisterRefusal> {
  try {
    return await inTransaction(db, async (trx): Promise<AuthResult | RegisterRefusal> => {
      if (!(await licenseUsable(trx, input.license_key))) return 'license_invalid'; // a single-use key taken meanwhile
      if (await findUserByUsername(trx, input.username)) return 'user_exists';
      const user = await createUser(trx, {
        username: input.username,
        nickname: input.nickname || input.username,
        email: input.email,
        phone: input.phone,
        password_hash: passwordHash,
        entry: REGISTER_ENTRY,
        lang: input.lang ?? 'en',
      });
      if (!(await consumeCode(trx, 'license_keys', input.license_key, user.id, nowIso())))
        throw new RolledBack('license_invalid' as const);
      return issueToken(trx, user.id, session.ttlSeconds, session.nowMs);
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.outcome as RegisterRefusal;
    if (!isUniqueViolation(err)) throw err;
    return 'user_exists'; // lost a race with another request
  }
}

/**
 * A partner user registers, or changes nickname and language, with the entry ticket a valid link for this very
 * user was answered with. A refusal (no such ticket: entry_link_expired; an inactive account) rolls the
 * transaction back and so leaves the ticket usable. Two first registrations of one partner user in parallel (two
 * tickets): the second's insert is refused by the unique key and it runs again, as an update of the user the first
 * created.
 */
export async function registerPartnerUser(
  db: Db,
  partner: { entry: string; lang: string },
  input: ReqOf<'registerV2'>,
  session: SessionTerms,
): Promise<AuthResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, (trx) => registerPartnerUserOnce(trx, partner, input, session));
    } catch (err) {
      if (attempt >= 2 || db.isTransaction || !isUniqueViolation(err)) throw err;
    }
  }
}

async function registerPartnerUserOnce(
  db: Db,
  partner: { entry: string; lang: string },
  input: ReqOf<'registerV2'>,
  session: SessionTerms,
): Promise<AuthResult> {
  if (!(await takeEntryTicket(db, input.ticket, partner.entry, input.uid, session.nowMs)))
    throw new Refusal('entry_link_expired');
  let user = await findPartnerUser(db, partner.entry, input.uid);
  if (user) {
    if (input.nickname !== undefined || input.lang !== undefined) {
      await store.updateProfile(
        db,
        user.id,
        { nickname: input.nickname ?? user.nickname, lang: input.lang ?? user.lang },
        nowIso(),
      );
      user = (await findUserById(db, user.id))!;
    }
  } else {
    user = await createUser(db, {
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
}

/**
 * Opens the merchant's store with an authorization code. An already opened store still needs a valid code, but
 * does not use up a single-use one. Returns the user as now stored, or null when the code is not usable
 * (nothing written; the caller counts a failed guess). The store is opened by a conditional statement, so of
 * two parallel openings only the one that opened it takes its code; the other only checks its own.
 */
export async function openStore(db: Db, userId: number, authCode: string): Promise<UserRow | null> {
  try {
    return await inTransaction(db, async (trx) => {
      const at = nowIso();
      if (await store.markStoreOpened(trx, userId, at)) {
        if (!(await consumeCode(trx, 'auth_codes', authCode, userId, at))) throw new RolledBack(null);
      } else if (!(await codeUsable(trx, 'auth_codes', authCode))) {
        return null;
      }
      return (await findUserById(trx, userId))!;
    });
  } catch (err) {
    if (err instanceof RolledBack) return null;
    throw err;
  }
}
