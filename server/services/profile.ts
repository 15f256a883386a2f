/** The signed-in merchant's own profile and login password. */
import type { ReqOf } from '../../src/api/calls';
import type { Db } from '../storage/engine';
import * as store from '../storage/accounts';
import { inTransaction } from '../storage/transaction';
import { nowIso } from '../lib/time';
import { findUserById, revokeTokens, type UserRow } from './users';

/** The fields a merchant may change themselves; the column names equal the wire names. */
const EDITABLE = ['nickname', 'email', 'phone', 'lang', 'avatar'] as const;

/** Writes the fields given (absent ones are left alone); returns the user as now stored. */
export async function editProfile(db: Db, userId: number, changes: ReqOf<'userInfoEdit'>): Promise<UserRow> {
  const given: store.ProfileChanges = {};
  for (const key of EDITABLE) {
    const v = changes[key];
    if (v !== undefined) given[key] = v;
  }
  if (Object.keys(given).length) await store.updateProfile(db, userId, given, nowIso());
  return (await findUserById(db, userId))!;
}

/**
 * Stores the new password hash and ends every session of the user, the caller's included (the client must log
 * in again), in one transaction: a changed password never leaves an old session alive. Only if the password the
 * old one was checked against (`checkedHash`, read before the slow check) is still the account's, which the
 * update itself requires (one conditional statement): false, and nothing written, when another change committed
 * meanwhile (the old password given is then no longer right).
 */
export async function changePassword(
  db: Db,
  userId: number,
  checkedHash: string | null,
  passwordHash: string,
  nowMs: number,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await store.replacePasswordHash(trx, userId, checkedHash, passwordHash, nowIso()))) return false;
    await revokeTokens(trx, userId, nowMs);
    return true;
  });
}
