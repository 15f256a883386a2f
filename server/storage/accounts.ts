/**
 * Accounts and sessions on the database: users (with the transaction password's columns), session tokens, license
 * keys and authorization codes, partners, the entry links used and the entry tickets issued.
 *
 * Every write a rule depends on is conditional (its WHERE restates the rule) and answers whether it changed a row,
 * so the services stay right when several processes write one PostgreSQL database at READ COMMITTED: an UPDATE or
 * DELETE waits for a row another transaction is changing and then judges its WHERE again on the row as committed.
 */
import type { Insertable, Selectable } from 'kysely';
import type { AccountState } from '../../src/api/shapes/account';
import type { Db } from './engine';
import { isPostgres } from './engine';
import { lowerOf } from './expressions';
import type { UsersTable } from './schema';

// ---------------------------------------------------------------------------------------------------------------
// Users

/** The columns the guess limits keep (services/attempts.ts and the transaction password's lease), read apart. */
type GuessColumns = 'pay_password_failures' | 'pay_password_locked_until' | 'pay_password_checked_until';
/** Columns whose CHECK narrows them further than their SQL type. */
interface NarrowUserColumns {
  state: AccountState;
  store_opened: 0 | 1;
  startup_funds_returned: 0 | 1;
}

/** A user as the services read it: the table's columns (schema.ts), narrowed where a CHECK narrows them. */
export type UserRow = Omit<Selectable<UsersTable>, GuessColumns | keyof NarrowUserColumns> & NarrowUserColumns;

/** The whole row, as the server always read it (the guess-limit columns ride along, unnamed by UserRow). */
const asUser = (row: Selectable<UsersTable> | undefined): UserRow | undefined => row as UserRow | undefined;

export async function findUserRowById(db: Db, id: number): Promise<UserRow | undefined> {
  return asUser(await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
}

/** Case-blind, as user names are. */
export async function findUserRowByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return asUser(
    await db
      .selectFrom('users')
      .selectAll()
      .where(lowerOf('users.username'), '=', username.toLowerCase())
      .executeTakeFirst(),
  );
}

export async function findPartnerUserRow(db: Db, entry: string, uid: string): Promise<UserRow | undefined> {
  return asUser(
    await db
      .selectFrom('users')
      .selectAll()
      .where('entry', '=', entry)
      .where('partner_uid', '=', uid)
      .executeTakeFirst(),
  );
}

export async function proxyIdTaken(db: Db, proxyId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('proxy_id', '=', proxyId).executeTakeFirst()) !== undefined;
}

/** A new user: the table's columns a registration sets, every one given. */
export type UserInsert = Required<
  Pick<
    Insertable<UsersTable>,
    | 'username'
    | 'nickname'
    | 'email'
    | 'phone'
    | 'password_hash'
    | 'entry'
    | 'partner_uid'
    | 'lang'
    | 'proxy_id'
    | 'created_at'
    | 'updated_at'
  >
> &
  Pick<NarrowUserColumns, 'state' | 'store_opened'>;

/** Inserts the user; answers the id. A taken username (or proxy id, or partner user) throws a unique violation. */
export async function insertUser(db: Db, u: UserInsert): Promise<number> {
  return (await db.insertInto('users').values(u).returning('id').executeTakeFirstOrThrow()).id;
}

/** The new user's empty wallet (every user has one from the start). */
export async function insertEmptyWallet(db: Db, userId: number, at: string): Promise<void> {
  await db.insertInto('wallets').values({ user_id: userId, updated_at: at }).execute();
}

/**
 * Inside a writing transaction on PostgreSQL: holds the user's row (FOR UPDATE) until the transaction ends, so
 * a change of the user's passwords or sessions made at once waits or is waited for. Taken first, before the
 * session's token, by every transaction that holds both, so no two of them wait for each other. SQLite's
 * transactions hold the whole database already: nothing to do.
 */
export async function lockUserRow(db: Db, userId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function updateUserState(db: Db, userId: number, state: AccountState, at: string): Promise<void> {
  await db.updateTable('users').set({ state, updated_at: at }).where('id', '=', userId).execute();
}

/** The fields a merchant edits themselves (absent ones are left alone). */
export interface ProfileChanges {
  nickname?: string;
  email?: string;
  phone?: string;
  lang?: string;
  avatar?: string;
}

export async function updateProfile(db: Db, userId: number, changes: ProfileChanges, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/**
 * The login password, replaced only if it is still `checkedHash` (the one the old password was proved against);
 * false, nothing written, when another change came first.
 */
export async function replacePasswordHash(
  db: Db,
  userId: number,
  checkedHash: string | null,
  hash: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: at })
    .where('id', '=', userId)
    .where('password_hash', checkedHash === null ? 'is' : '=', checkedHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Opens the store if it is not open yet; true only for the request that opened it. */
export async function markStoreOpened(db: Db, userId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ store_opened: 1, updated_at: at })
    .where('id', '=', userId)
    .where('store_opened', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Partners

/** link_secret: the HMAC key of the partner's entry links (NULL: it cannot sign, so none is accepted). */
export interface PartnerRow {
  entry: string;
  name: string;
  lang: string;
  link_secret: string | null;
  created_at: string;
}

export async function findPartnerRow(db: Db, entry: string): Promise<PartnerRow | undefined> {
  return (await db
    .selectFrom('partners')
    .select(['entry', 'name', 'lang', 'link_secret', 'created_at'])
    .where('entry', '=', entry)
    .executeTakeFirst()) as PartnerRow | undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions (tokens: only the SHA-256 of a token is stored)

export interface TokenRow {
  user_id: number;
  expires_at: number;
  created_at: string;
}

/**
 * The token's row. `lock` (inside a writing transaction): on PostgreSQL the row is held (FOR SHARE) until the
 * transaction ends, so a logout or a password change that would end the session waits for the write instead of
 * committing between the check and the write.
 */
export async function findToken(db: Db, tokenHash: string, o: { lock?: boolean } = {}): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .select(['user_id', 'expires_at', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .$if(!!o.lock && isPostgres(db), (qb) => qb.forShare())
    .executeTakeFirst();
}

export interface TokenInsert {
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: number;
}

export async function insertToken(db: Db, t: TokenInsert): Promise<void> {
  await db.insertInto('tokens').values(t).execute();
}

/**
 * Inserts the session only if the user's login password is still `passwordHash` (the one the password was checked
 * against); false, nothing written, when it changed. On PostgreSQL the user's row is locked (FOR UPDATE) while the
 * insert reads it: a password change in progress is waited for and then seen, and one that starts after it waits
 * for this session, which its revocation then ends.
 */
export async function insertTokenIfPassword(db: Db, t: TokenInsert, passwordHash: string): Promise<boolean> {
  const r = await db
    .insertInto('tokens')
    .columns(['user_id', 'token_hash', 'created_at', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        // Typed by casts: PostgreSQL does not type a parameter in a select list by the column it is inserted into.
        .select((s) => [
          s.cast<number>(s.val(t.user_id), 'integer').as('user_id'),
          s.cast<string>(s.val(t.token_hash), 'text').as('token_hash'),
          s.cast<string>(s.val(t.created_at), 'text').as('created_at'),
          s.cast<number>(s.val(t.expires_at), 'bigint').as('expires_at'),
        ])
        .where('id', '=', t.user_id)
        .where('password_hash', '=', passwordHash)
        .$if(isPostgres(db), (qb) => qb.forUpdate()),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Of the sessions `tokenHashes`, those still live at `nowMs` whose account is active (the change streams ask for all
 * theirs at once, a chunk of ids per statement).
 */
export async function liveTokenHashes(db: Db, tokenHashes: readonly string[], nowMs: number): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < tokenHashes.length; i += 1000) {
    const rows = await db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('t.token_hash')
      .where('t.token_hash', 'in', tokenHashes.slice(i, i + 1000))
      .where('t.expires_at', '>', nowMs)
      .where('u.state', '=', 'active')
      .execute();
    for (const r of rows) live.add(r.token_hash);
  }
  return live;
}

/** Housekeeping: the user's tokens that expired before `beforeMs`. */
export async function deleteExpiredTokens(db: Db, userId: number, beforeMs: number): Promise<void> {
  await db.deleteFrom('tokens').where('user_id', '=', userId).where('expires_at', '<', beforeMs).execute();
}

/** Expires the one token (at `atMs`), if it is live after `atMs`. */
export async function expireToken(db: Db, tokenHash: string, atMs: number): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ expires_at: atMs })
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', atMs)
    .execute();
}

/** Expires every live token of the user (at `atMs`); answers how many. */
export async function expireUserTokens(db: Db, userId: number, atMs: number): Promise<number> {
  const r = await db
    .updateTable('tokens')
    .set({ expires_at: atMs })
    .where('user_id', '=', userId)
    .where('expires_at', '>', atMs)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------------------------
// License keys and authorization codes (case-blind codes)

export type CodeTable = 'license_keys' | 'auth_codes';
export interface CodeRow {
  id: number;
  reusable: number;
  disabled: number;
  used_by: number | null;
}

export async function findCode(db: Db, table: CodeTable, code: string): Promise<CodeRow | undefined> {
  // One query per table: the builder types each table's columns apart.
  if (table === 'license_keys') {
    return db
      .selectFrom('license_keys')
      .select(['id', 'reusable', 'disabled', 'used_by'])
      .where(lowerOf('license_keys.code'), '=', code.toLowerCase())
      .executeTakeFirst();
  }
  return db
    .selectFrom('auth_codes')
    .select(['id', 'reusable', 'disabled', 'used_by'])
    .where(lowerOf('auth_codes.code'), '=', code.toLowerCase())
    .executeTakeFirst();
}

/**
 * Takes a single-use code for `userId`: only if it is single-use, enabled and still unused, in one statement, so
 * of two requests with the same code exactly one gets it. False when nothing was taken (a reusable code is never
 * taken: the caller checks it is usable).
 */
export async function takeSingleUseCode(
  db: Db,
  table: CodeTable,
  code: string,
  userId: number,
  at: string,
): Promise<boolean> {
  const r =
    table === 'license_keys'
      ? await db
          .updateTable('license_keys')
          .set({ used_by: userId, used_at: at })
          .where(lowerOf('license_keys.code'), '=', code.toLowerCase())
          .where('reusable', '=', 0)
          .where('disabled', '=', 0)
          .where('used_by', 'is', null)
          .executeTakeFirst()
      : await db
          .updateTable('auth_codes')
          .set({ used_by: userId, used_at: at })
          .where(lowerOf('auth_codes.code'), '=', code.toLowerCase())
          .where('reusable', '=', 0)
          .where('disabled', '=', 0)
          .where('used_by', 'is', null)
          .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Entry links used and entry tickets

export async function deleteExpiredLinkUses(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom('entry_link_uses').where('expires_at', '<', nowMs).execute();
}

/** Remembers a link's signature; false if it was already (the primary key: a replay, also a parallel one). */
export async function insertLinkUse(db: Db, sigHash: string, expiresAtMs: number): Promise<boolean> {
  const r = await db
    .insertInto('entry_link_uses')
    .values({ sig_hash: sigHash, expires_at: expiresAtMs })
    .onConflict((oc) => oc.column('sig_hash').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteExpiredTickets(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom('entry_tickets').where('expires_at', '<', nowMs).execute();
}

export async function insertTicket(
  db: Db,
  t: { ticket_hash: string; entry: string; partner_uid: string; expires_at: number },
): Promise<void> {
  await db.insertInto('entry_tickets').values(t).execute();
}

/** Deletes the ticket if it was issued for this (entry, uid) and is live; true only for the request that deleted it. */
export async function deleteLiveTicket(
  db: Db,
  ticketHash: string,
  entry: string,
  uid: string,
  nowMs: number,
): Promise<boolean> {
  const r = await db
    .deleteFrom('entry_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('entry', '=', entry)
    .where('partner_uid', '=', uid)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The transaction password and its guess limit

export async function findPayPasswordHash(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.pay_password_hash ?? null;
}

export interface PayGuessCounts {
  failures: number;
  until: number | null;
  checkedUntil: number | null;
}

export async function findPayGuessCounts(db: Db, userId: number): Promise<PayGuessCounts | undefined> {
  return db
    .selectFrom('users')
    .select([
      'pay_password_failures as failures',
      'pay_password_locked_until as until',
      'pay_password_checked_until as checkedUntil',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Counts one guess, in one statement, unless the password is locked or the count is at `max`: an expired lock
 * starts the count afresh at this guess (SET reads the row's old values throughout). True when counted; the guess
 * is then taken to be checked until `checkedUntilMs`.
 */
export async function countPayGuess(
  db: Db,
  userId: number,
  nowMs: number,
  max: number,
  checkedUntilMs: number,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set((eb) => ({
      pay_password_failures: eb
        .case()
        .when('pay_password_locked_until', 'is', null)
        .then(eb('pay_password_failures', '+', 1))
        .else(1)
        .end(),
      pay_password_locked_until: null,
      pay_password_checked_until: checkedUntilMs,
    }))
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('pay_password_locked_until', '<=', nowMs),
        eb.and([eb('pay_password_locked_until', 'is', null), eb('pay_password_failures', '<', max)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The count and any lock go. */
export async function clearPayGuesses(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ pay_password_failures: 0, pay_password_locked_until: null })
    .where('id', '=', userId)
    .execute();
}

/** Locks until `untilMs` if the count is at `max` and no lock is set (the first such guess sets it). */
export async function lockPayPasswordIfFull(db: Db, userId: number, max: number, untilMs: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ pay_password_locked_until: untilMs })
    .where('id', '=', userId)
    .where('pay_password_failures', '>=', max)
    .where('pay_password_locked_until', 'is', null)
    .execute();
}

/**
 * Sets the first transaction password, only if none is set and the login password is still `loginHash` (null: still
 * none). True when set.
 */
export async function setFirstPayPasswordHash(
  db: Db,
  userId: number,
  hash: string,
  loginHash: string | null,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ pay_password_hash: hash, updated_at: at })
    .where('id', '=', userId)
    .where('pay_password_hash', 'is', null)
    // `=` for a hash: PostgreSQL's IS compares only with NULL (and booleans).
    .where('password_hash', loginHash === null ? 'is' : '=', loginHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Replaces the transaction password, starting the count afresh, only if it is still `provedHash`. True when replaced. */
export async function replacePayPasswordHashIf(
  db: Db,
  userId: number,
  provedHash: string,
  hash: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ pay_password_hash: hash, pay_password_failures: 0, pay_password_locked_until: null, updated_at: at })
    .where('id', '=', userId)
    .where('pay_password_hash', '=', provedHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
