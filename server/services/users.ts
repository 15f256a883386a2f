/** Users, sessions (tokens) and the UserInfo view. All functions are synchronous and safe inside a transaction. */
import { randomInt } from 'node:crypto';
import type { Language } from '../../src/api/languages';
import type { AccountState, AuthResult, UserInfo } from '../../src/api/shapes/account';
import { stmt, type DB } from '../db/index';
import { hashToken, newToken } from '../lib/crypto';
import { nowIso } from '../lib/time';
import { contacts } from './config';
import { AccountInactive, SessionEnded } from './errors';
import { currentLevel } from './ad-center/levels';

export interface UserRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string;
  password_hash: string | null;
  entry: string;
  partner_uid: string | null;
  lang: string;
  avatar: string;
  state: AccountState;
  store_opened: 0 | 1;
  credit_score: number;
  level: number;
  proxy_id: string;
  pay_password_hash: string | null;
  startup_funds_returned: 0 | 1;
  created_at: string;
  updated_at: string;
}

/** link_secret: the HMAC key of the partner's entry links (NULL: it cannot sign, so none is accepted). */
export interface PartnerRow { entry: string; name: string; lang: string; link_secret: string | null; created_at: string }

export const REGISTER_ENTRY = 'register';

export const findUserById = (db: DB, id: number) => stmt<UserRow>(db, 'SELECT * FROM users WHERE id = ?').get(id);
/** Case-insensitive (the column is COLLATE NOCASE). */
export const findUserByUsername = (db: DB, username: string) => stmt<UserRow>(db, 'SELECT * FROM users WHERE username = ?').get(username);
export const findPartnerUser = (db: DB, entry: string, uid: string) =>
  stmt<UserRow>(db, 'SELECT * FROM users WHERE entry = ? AND partner_uid = ?').get(entry, uid);
export const findPartner = (db: DB, entry: string) => stmt<PartnerRow>(db, 'SELECT * FROM partners WHERE entry = ?').get(entry);

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
function newProxyId(db: DB): string {
  for (;;) {
    const id = String(randomInt(20_000_000, 100_000_000));
    if (!stmt(db, 'SELECT 1 FROM users WHERE proxy_id = ?').get(id)) return id;
  }
}

/** Inserts the user and their wallet. Call inside a transaction. */
export function createUser(db: DB, u: NewUser): UserRow {
  const now = nowIso();
  const info = stmt(db, `INSERT INTO users
    (username, nickname, email, phone, password_hash, entry, partner_uid, lang, state, store_opened, proxy_id, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    u.username, u.nickname ?? '', u.email ?? '', u.phone ?? '', u.password_hash, u.entry, u.partner_uid ?? null, u.lang,
    u.state ?? 'active', u.store_opened ? 1 : 0, newProxyId(db), now, now,
  );
  const id = Number(info.lastInsertRowid);
  stmt(db, 'INSERT INTO wallets (user_id, updated_at) VALUES (?, ?)').run(id, now);
  return findUserById(db, id)!;
}

/** Sets the account's state (an operator's action; the test API's). */
export function setAccountState(db: DB, userId: number, state: AccountState): void {
  stmt(db, 'UPDATE users SET state = ?, updated_at = ? WHERE id = ?').run(state, nowIso(), userId);
}

/** Only an active account may sign in or act; the others are refused, with the user's language for the message. */
export function assertActive(user: Pick<UserRow, 'state' | 'lang'>): void {
  if (user.state !== 'active') throw new AccountInactive(user.state, user.lang);
}

// ---------- sessions ----------

const EXPIRED_KEEP_MS = 30 * 24 * 3600 * 1000;

/** How long a new session lasts, and from when. */
export interface SessionTerms { ttlSeconds: number; nowMs: number }

export function issueToken(db: DB, userId: number, ttlSeconds: number, now = Date.now()): AuthResult {
  const { token, hash } = newToken();
  const expires = now + ttlSeconds * 1000;
  // Housekeeping: forget this user's tokens that expired long ago (recently expired ones still answer 503).
  stmt(db, 'DELETE FROM tokens WHERE user_id = ? AND expires_at < ?').run(userId, now - EXPIRED_KEEP_MS);
  stmt(db, 'INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)').run(userId, hash, new Date(now).toISOString(), expires);
  return { token, expires_at: new Date(expires).toISOString() };
}

/**
 * A password login's session, opened only if the password was checked against the account's password as it still
 * is: the check is slow and runs off the event loop (or in another process), and a password change committed
 * meanwhile ended every session of the user, so the hash read before the check is compared again in the
 * transaction that inserts the token. Null when the password changed (the one given is no longer the account's);
 * throws AccountInactive when the account is no longer active.
 */
export function openPasswordSession(db: DB, checked: Pick<UserRow, 'id' | 'password_hash'>, terms: SessionTerms): AuthResult | null {
  return db.transaction(() => {
    const user = findUserById(db, checked.id);
    if (!user || user.password_hash !== checked.password_hash) return null;
    assertActive(user);
    return issueToken(db, user.id, terms.ttlSeconds, terms.nowMs);
  }).immediate();
}

/**
 * Logout: ends the one session of this token, by expiring it like a password change does (it then answers 503,
 * and logging out with it again changes nothing). The user's other sessions live on.
 */
export function endSession(db: DB, token: string, nowMs: number): void {
  stmt(db, 'UPDATE tokens SET expires_at = ? WHERE token_hash = ? AND expires_at > ?').run(nowMs - 1, hashToken(token), nowMs - 1);
}

export type Session = { status: 'ok'; user: UserRow } | { status: 'missing' } | { status: 'expired' };

export function lookupSession(db: DB, token: string | undefined, nowMs = Date.now()): Session {
  if (!token || token.length > 200) return { status: 'missing' };
  const row = stmt<{ user_id: number; expires_at: number }>(db, 'SELECT user_id, expires_at FROM tokens WHERE token_hash = ?').get(hashToken(token));
  if (!row) return { status: 'missing' };
  if (row.expires_at <= nowMs) return { status: 'expired' };
  const user = findUserById(db, row.user_id);
  return user ? { status: 'ok', user } : { status: 'missing' };
}

/**
 * Inside a writing transaction: the session the request was authenticated with (its token) is still the user's and
 * live, and the account still active. A request is authenticated when it arrives, and one that waits for a slow
 * password check can outlive its session (a logout, a password change meanwhile): what it was about to write is
 * then not written (SessionEnded, answered like any ended session), even across processes on one database.
 */
export function assertSessionLive(db: DB, userId: number, token: string, nowMs: number): void {
  const session = lookupSession(db, token, nowMs);
  if (session.status !== 'ok' || session.user.id !== userId) throw new SessionEnded();
  assertActive(session.user);
}

/**
 * When the session of this token was opened (epoch ms, the server's clock), or null for no such token. A merchant
 * without a login password proves it is them by how recently it signed in (FRESH_SIGN_IN_MINUTES).
 */
export function sessionOpenedAt(db: DB, token: string): number | null {
  const row = stmt<{ created_at: string }>(db, 'SELECT created_at FROM tokens WHERE token_hash = ?').get(hashToken(token));
  const at = row ? Date.parse(row.created_at) : NaN;
  return Number.isNaN(at) ? null : at;
}

/**
 * Ends every session of the user by expiring its tokens (rather than deleting them), so a client still holding
 * one gets code 503 "login expired", whose handling is exactly the forced re-login a password change must cause (docs/product.md, "Sign-in and sessions").
 */
export function revokeTokens(db: DB, userId: number): number {
  const past = Date.now() - 1;
  return stmt(db, 'UPDATE tokens SET expires_at = ? WHERE user_id = ? AND expires_at > ?').run(past, userId, past).changes;
}

// ---------- views ----------

export function toUserInfo(db: DB, u: UserRow): UserInfo {
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
    level: currentLevel(db, u.id, u.credit_score),
    proxy_id: u.proxy_id,
    // Optional: the merchant's own contact lists; without them the client uses basic config's.
    ...ownContacts(db, u.id),
  };
}

function ownContacts(db: DB, userId: number): Pick<UserInfo, 'customer_service_url' | 'recharge_customer_service_url'> {
  const service = contacts(db, 'service', userId);
  const recharge = contacts(db, 'recharge', userId);
  return { ...(service.length ? { customer_service_url: service } : {}), ...(recharge.length ? { recharge_customer_service_url: recharge } : {}) };
}
