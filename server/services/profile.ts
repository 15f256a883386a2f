/** The signed-in merchant's own profile and login password. */
import type { ReqOf } from '../../src/api/calls';
import { stmt, type DB } from '../db/index';
import { nowIso } from '../lib/time';
import { findUserById, revokeTokens, type UserRow } from './users';

/** The fields a merchant may change themselves; the column names equal the wire names. */
const EDITABLE = ['nickname', 'email', 'phone', 'lang', 'avatar'] as const;

/** Writes the fields given (absent ones are left alone); returns the user as now stored. */
export function editProfile(db: DB, userId: number, changes: ReqOf<'userInfoEdit'>): UserRow {
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const key of EDITABLE) {
    const v = changes[key];
    if (v !== undefined) {
      sets.push(`${key} = ?`);
      values.push(v);
    }
  }
  if (sets.length) stmt(db, `UPDATE users SET ${sets.join(', ')}, updated_at = ? WHERE id = ?`).run(...values, nowIso(), userId);
  return findUserById(db, userId)!;
}

/**
 * Stores the new password hash and ends every session of the user, the caller's included (the client must log
 * in again), in one transaction: a changed password never leaves an old session alive. Only if the password the
 * old one was checked against (`checkedHash`, read before the slow check) is still the account's: false, and
 * nothing written, when another change committed meanwhile (the old password given is then no longer right).
 */
export function changePassword(db: DB, userId: number, checkedHash: string | null, passwordHash: string): boolean {
  return db.transaction(() => {
    if (findUserById(db, userId)?.password_hash !== checkedHash) return false;
    stmt(db, 'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(passwordHash, nowIso(), userId);
    revokeTokens(db, userId);
    return true;
  }).immediate();
}
