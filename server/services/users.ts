/** Users, sessions (tokens) and the UserInfo view. Every function is safe inside a transaction (pass it the handle). */
import { randomInt } from 'node:crypto';
import type { Language } from '../../src/api/languages';
import type { AccountState, AuthResult, UserInfo } from '../../src/api/shapes/account';
import type { Db } from '../storage/engine';
import * as store from '../storage/accounts';
import type { UserRow } from '../storage/accounts';
import { inTransaction } from '../storage/transaction';
import { hashToken, newToken } from '../lib/crypto';
import { nowIso } from '../lib/time';
import { contacts } from './config';
import { AccountInactive, SessionEnded } from './errors';
import { currentLevel } from './ad-center/levels';

export type { PartnerRow, UserRow } from '../storage/accounts';

export const REGISTER_ENTRY = 'register';

export const findUserById = (db: Db, id: number) => store.findUserRowById(db, id);
/** Case-insensitive, as user names are. */
export const findUserByUsername = (db: Db, username: string) => store.findUserRowByUsername(db, username);
export const findPartnerUser = (db: Db, entry: string, uid: string) => store.findPartnerUserRow(db, entry, uid);
export const findPartner = (db: Db, entry: string) => store.findPartnerRow(db, entry);

export interface NewUser {
  username: string;
  nickname?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  password_hash: string | null;
  entry: string;
  partner_uid?: string | null | undefined;
  lang: string;
  state?: AccountState;
  store_opened?: boolean;
}

/** A proxy (operated) ID: 8 digits, not starting with 1 (the seed uses 1000000x), unique. */
async function newProxyId(db: Db): Promise<string> {
  for (;;) {
    const id = String(randomInt(20_000_000, 100_000_000));
    if (!(await store.proxyIdTaken(db, id))) return id;
  }
}

/**
 * Inserts the user and their wallet. Call inside a transaction. A username (or partner user) taken, also by a
 * parallel request, throws a unique violation (storage/errors.ts isUniqueViolation).
 */
export async function createUser(db: Db, u: NewUser): Promise<UserRow> {
  const now = nowIso();
  const id = await store.insertUser(db, {
    username: u.username,
    nickname: u.nickname ?? '',
    email: u.email ?? '',
    phone: u.phone ?? '',
    password_hash: u.password_hash,
    entry: u.entry,
    partner_uid: u.partner_uid ?? null,
    lang: u.lang,
    state: u.state ?? 'active',
    store_opened: u.store_opened ? 1 : 0,
    proxy_id: await newProxyId(db),
    created_at: now,
    updated_at: now,
  });
  await store.insertEmptyWallet(db, id, now);
  return (await findUserById(db, id))!;
}

/** Sets the account's state (an operator's action; the test API's). */
export async function setAccountState(db: Db, userId: number, state: AccountState): Promise<void> {
  await store.updateUserState(db, userId, state, nowIso());
}

/** Only an active account may sign in or act; the others are refused, with the user's language for the message. */
export function assertActive(user: Pick<UserRow, 'state' | 'lang'>): void {
  if (user.state !== 'active') throw new AccountInactive(user.state, user.lang);
}

// ---------- sessions ----------

const EXPIRED_KEEP_MS = 30 * 24 * 3600 * 1000;

/** How long a new session lasts, and from when. */
export interface SessionTerms {
  ttlSeconds: number;
  nowMs: number;
}

function newSession(userId: number, ttlSeconds: number, now: number) {
  const { token, hash } = newToken();
  const expires = now + ttlSeconds * 1000;
  const row = { user_id: userId, token_hash: hash, created_at: new Date(now).toISOString(), expires_at: expires };
  return { row, result: { token, expires_at: new Date(expires).toISOString() } satisfies AuthResult };
}

export async function issueToken(db: Db, userId: number, ttlSeconds: number, now: number): Promise<AuthResult> {
  const { row, result } = newSession(userId, ttlSeconds, now);
  // Housekeeping: forget this user's tokens that expired long ago (recently expired ones still answer 503).
  await store.deleteExpiredTokens(db, userId, now - EXPIRED_KEEP_MS);
  await store.insertToken(db, row);
  return result;
}

/**
 * A password login's session, opened only if the password was checked against the account's password as it still
 * is: the check is slow and runs off the event loop (or in another process), and a password change committed
 * meanwhile ended every session of the user, so the token is inserted only while the account's hash is still the
 * one read before the check (one conditional statement, which on PostgreSQL also waits for a change in progress).
 * Null when the password changed (the one given is no longer the account's); throws AccountInactive when the
 * account is no longer active.
 */
export async function openPasswordSession(
  db: Db,
  checked: Pick<UserRow, 'id' | 'password_hash'>,
  terms: SessionTerms,
): Promise<AuthResult | null> {
  const hash = checked.password_hash;
  if (hash === null) return null;
  return inTransaction(db, async (trx) => {
    const user = await findUserById(trx, checked.id);
    if (!user || user.password_hash !== hash) return null;
    assertActive(user);
    const { row, result } = newSession(user.id, terms.ttlSeconds, terms.nowMs);
    if (!(await store.insertTokenIfPassword(trx, row, hash))) return null;
    await store.deleteExpiredTokens(trx, user.id, terms.nowMs - EXPIRED_KEEP_MS);
    return result;
  });
}

/**
 * Logout: ends the one session of this token, by expiring it like a password change does (it then answers 503,
 * and logging out with it again changes nothing). The user's other sessions live on.
 */
export async function endSession(db: Db, token: string, nowMs: number): Promise<void> {
  await store.expireToken(db, hashToken(token), nowMs - 1);
}

/** A live session: its user, its token's hash (what the database keys it by) and when it expires (epoch ms). */
export type Session =
  { status: 'ok'; user: UserRow; tokenHash: string; expiresAt: number } | { status: 'missing' } | { status: 'expired' };

export async function lookupSession(db: Db, token: string | undefined, nowMs: number): Promise<Session> {
  return sessionOf(db, token, nowMs, false);
}

async function sessionOf(db: Db, token: string | undefined, nowMs: number, lock: boolean): Promise<Session> {
  if (!token || token.length > 200) return { status: 'missing' };
  const tokenHash = hashToken(token);
  const row = await store.findToken(db, tokenHash, { lock });
  if (!row) return { status: 'missing' };
  if (row.expires_at <= nowMs) return { status: 'expired' };
  const user = await findUserById(db, row.user_id);
  return user ? { status: 'ok', user, tokenHash, expiresAt: row.expires_at } : { status: 'missing' };
}

/**
 * Inside a writing transaction: the session the request was authenticated with (its token) is still the user's and
 * live, and the account still active. A request is authenticated when it arrives, and one that waits for a slow
 * password check can outlive its session (a logout, a password change meanwhile): what it was about to write is
 * then not written (SessionEnded, answered like any ended session), even across processes on one database. On
 * PostgreSQL the token's row stays held until the write commits, so a logout cannot slip in between.
 */
export async function assertSessionLive(db: Db, userId: number, token: string, nowMs: number): Promise<void> {
  const session = await sessionOf(db, token, nowMs, true);
  if (session.status !== 'ok' || session.user.id !== userId) throw new SessionEnded();
  assertActive(session.user);
}

/**
 * When the session of this token was opened (epoch ms, the server's clock), or null for no such token. A merchant
 * without a login password proves it is them by how recently it signed in (FRESH_SIGN_IN_MINUTES).
 */
export async function sessionOpenedAt(db: Db, token: string): Promise<number | null> {
  const row = await store.findToken(db, hashToken(token));
  const at = row ? Date.parse(row.created_at) : NaN;
  return Number.isNaN(at) ? null : at;
}

/**
 * Ends every session of the user by expiring its tokens (rather than deleting them), so a client still holding
 * one gets code 503 "login expired", whose handling is exactly the forced re-login a password change must cause (docs/product.md, "Sign-in and sessions").
 */
export async function revokeTokens(db: Db, userId: number, nowMs: number): Promise<number> {
  return store.expireUserTokens(db, userId, nowMs - 1);
}

// ---------- views ----------

export async function toUserInfo(db: Db, u: UserRow): Promise<UserInfo> {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    email: u.email,
    phone: u.phone,
    entry: u.entry,
    // Told from the hash itself, which is what /set/password judges by, not from the entry.
    has_login_password: u.password_hash !== null,
    lang: u.lang as Language,
    avatar: u.avatar,
    store_opened: u.store_opened === 1,
    credit_score: u.credit_score,
    // Computed like the level screen's (ad-center/levels), so the two always agree.
    level: await currentLevel(db, u.id, u.credit_score),
    proxy_id: u.proxy_id,
    // Optional: the merchant's own contact lists; without them the client uses basic config's.
    ...(await ownContacts(db, u.id)),
  };
}

async function ownContacts(
  db: Db,
  userId: number,
): Promise<Pick<UserInfo, 'customer_service_url' | 'recharge_customer_service_url'>> {
  const service = await contacts(db, 'service', userId);
  const recharge = await contacts(db, 'recharge', userId);
  return {
    ...(service.length ? { customer_service_url: service } : {}),
    ...(recharge.length ? { recharge_customer_service_url: recharge } : {}),
  };
}
