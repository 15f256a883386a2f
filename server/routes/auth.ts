/** The auth slice: merchant register/login, partner (v2) entry, and opening the store with an authorization code. */
import type { FastifyInstance } from 'fastify';
import { Reason, type AuthResult, type ErrorReason, type Language } from '../../src/api/contract';
import { stmt, type DB } from '../db/index';
import { fail, noAuth } from '../http/envelope';
import { cpuLane } from '../http/cpu-lane';
import { reserveGuess } from '../http/guess';
import { requireUser, route } from '../http/route';
import { hashPassword, verifyPassword } from '../lib/crypto';
import { checkEntryLink, linkExpiresAtMs } from '../lib/entry-link';
import { nowIso } from '../lib/time';
import {
  assertActive, createUser, findPartner, findPartnerUser, findUserById, findUserByUsername, issueToken, REGISTER_ENTRY, toUserInfo,
} from '../services/users';
import { issueEntryTicket, takeEntryTicket, useLinkOnce } from '../services/entry-access';

interface CodeRow { id: number; reusable: 0 | 1; disabled: 0 | 1; used_by: number | null }

/**
 * A license key or authorization code: usable if it exists, is not disabled, and is reusable or unused.
 * Consumes single-use codes (call inside a transaction). Returns false if not usable.
 */
function consumeCode(db: DB, table: 'license_keys' | 'auth_codes', code: string, userId: number | null, dryRun = false): boolean {
  const row = stmt<CodeRow>(db, `SELECT id, reusable, disabled, used_by FROM ${table} WHERE code = ?`).get(code);
  if (!row || row.disabled || (!row.reusable && row.used_by !== null)) return false;
  if (row.reusable || dryRun) return true;
  return stmt(db, `UPDATE ${table} SET used_by = ?, used_at = ? WHERE id = ? AND used_by IS NULL`).run(userId, nowIso(), row.id).changes === 1;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

export function authRoutes(app: FastifyInstance): void {
  const db = app.db;
  const ttl = () => app.tokenTtlSeconds;
  const requirePartner = (entry: string) => {
    const partner = findPartner(db, entry);
    if (!partner) throw fail(Reason.NOT_FOUND, 'Unknown entry');
    return partner;
  };

  route(app, 'authRegister', async (ctx) => {
    const { input } = ctx;
    // A failed registration tells something (the license key is wrong, the username is taken): it is a guess,
    // limited per client like the others, so usernames cannot be enumerated nor license keys tried in bulk.
    const ticket = reserveGuess(ctx, `register:${ctx.request.ip}`);
    const licenseUsable = () => consumeCode(db, 'license_keys', input.license_key, null, true);
    // The key first, and before any scrypt: without a usable key every username gets the same answer.
    if (!licenseUsable()) ticket.fail(Reason.LICENSE_INVALID);
    const passwordHash = await hashPassword(input.password, cpuLane(ctx));
    let outcome: AuthResult | ErrorReason;
    try {
      outcome = db.transaction((): AuthResult | ErrorReason => {
        if (!licenseUsable()) return Reason.LICENSE_INVALID; // a single-use key taken while we hashed
        if (findUserByUsername(db, input.username)) return Reason.USER_EXISTS;
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
        return issueToken(db, user.id, ttl());
      }).immediate();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      outcome = Reason.USER_EXISTS; // lost a race with another process
    }
    return typeof outcome === 'string' ? ticket.fail(outcome) : ticket.succeed(outcome);
  });

  route(app, 'authLogin', async (ctx) => {
    const { input, request } = ctx;
    // Per client and account: a script cannot walk a dictionary, and a stranger cannot lock the owner out.
    const ticket = reserveGuess(ctx, `login:${request.ip}:${input.username.toLowerCase()}`);
    const user = findUserByUsername(db, input.username);
    // Always verify (against a dummy hash if there is no user): same answer and same time for both failures.
    const good = await verifyPassword(input.password, user?.password_hash, cpuLane(ctx));
    const me = ticket.settle(good && user, Reason.WRONG_CREDENTIALS);
    assertActive(me);
    return issueToken(db, me.id, ttl());
  });

  route(app, 'loginV2', ({ input }) => {
    const partner = requirePartner(input.entry);
    // The uid alone proves nothing: only a link the partner signed moments ago, used once, lets anyone in.
    const check = checkEntryLink(partner.link_secret, input);
    if (check !== 'ok') throw fail(check === 'expired' ? Reason.ENTRY_LINK_EXPIRED : Reason.ENTRY_LINK_INVALID);
    if (!useLinkOnce(db, input.sig!, linkExpiresAtMs(input.ts!))) throw fail(Reason.ENTRY_LINK_EXPIRED);
    const user = findPartnerUser(db, input.entry, input.uid);
    // 401 + lang: the client switches language and sends the user to the welcome page (spec §4). The ticket
    // lets that page register this user later, when the link itself has long expired.
    const welcome = (lang: string) => noAuth({ lang, ticket: issueEntryTicket(db, partner.entry, input.uid) });
    if (!user) throw welcome(partner.lang);
    assertActive(user);
    if (!user.store_opened) throw welcome(user.lang);
    return issueToken(db, user.id, ttl());
  });

  route(app, 'registerV2', ({ input }) => {
    const partner = requirePartner(input.entry);
    return db.transaction(() => {
      // Creating or changing a partner user takes the ticket a valid link for this very user was answered with;
      // a failure below rolls the transaction back and so leaves the ticket usable.
      if (!takeEntryTicket(db, input.ticket, partner.entry, input.uid)) throw fail(Reason.ENTRY_LINK_EXPIRED);
      let user = findPartnerUser(db, input.entry, input.uid);
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
      return issueToken(db, user.id, ttl());
    }).immediate();
  });

  route(app, 'langV2', ({ input }) => {
    const partner = requirePartner(input.entry);
    return { lang: partner.lang as Language };
  });

  route(app, 'openingStore', (ctx) => {
    const me = requireUser(ctx);
    const ticket = reserveGuess(ctx, `auth_code:${me.id}`);
    return db.transaction(() => {
      const user = findUserById(db, me.id)!;
      // An already opened store still needs a valid code, but does not use up a single-use one.
      ticket.settle(consumeCode(db, 'auth_codes', ctx.input.auth_code, user.id, user.store_opened === 1), Reason.AUTH_CODE_NOT_FOUND);
      if (!user.store_opened) stmt(db, 'UPDATE users SET store_opened = 1, updated_at = ? WHERE id = ?').run(nowIso(), user.id);
      return toUserInfo(db, findUserById(db, user.id)!);
    }).immediate();
  });
}
