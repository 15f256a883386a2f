/** The auth slice: merchant register/login, partner (v2) entry, and opening the store with an authorization code. */
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../src/api/languages';
import { fail, noAuth } from '../http/envelope';
import { cpuLane } from '../http/cpu-lane';
import { clientOf } from '../http/client';
import { reserveGuess } from '../http/guess';
import { requireUser, route, sessionToken } from '../http/route';
import { hashPassword, verifyPassword } from '../lib/crypto';
import { checkEntryLink, linkExpiresAtMs } from '../lib/entry-link';
import { licenseUsable, openStore, registerMerchant, registerPartnerUser } from '../services/accounts';
import { issueEntryTicket, useLinkOnce } from '../services/entry-access';
import {
  assertActive,
  endSession,
  findPartner,
  findPartnerUser,
  findUserByUsername,
  issueToken,
  openPasswordSession,
  toUserInfo,
} from '../services/users';

export function authRoutes(app: FastifyInstance): void {
  const db = app.db;
  const session = () => ({ ttlSeconds: app.tokenTtlSeconds, nowMs: app.clock() });
  const requirePartner = async (entry: string) => {
    const partner = await findPartner(db, entry);
    if (!partner) throw fail('not_found', 'Unknown entry');
    return partner;
  };

  route(app, 'authRegister', async (ctx) => {
    const { input } = ctx;
    // A failed registration tells something (the license key is wrong, the username is taken): it is a guess,
    // limited per client like the others, so usernames cannot be enumerated nor license keys tried in bulk.
    const ticket = await reserveGuess(ctx, `register:${clientOf(ctx.request)}`);
    // The key first, and before any scrypt: without a usable key every username gets the same answer.
    if (!(await licenseUsable(db, input.license_key))) ticket.fail('license_invalid');
    const passwordHash = await hashPassword(input.password, cpuLane(ctx), app.passwordCost);
    const outcome = await registerMerchant(db, input, passwordHash, session());
    return typeof outcome === 'string' ? ticket.fail(outcome) : ticket.succeed(outcome);
  });

  route(app, 'authLogin', async (ctx) => {
    const { input, request } = ctx;
    // Per client and account: a script cannot walk a dictionary, and one stranger's few failures do not lock the
    // owner out. And per account alone, with a larger count: addresses are cheap (an IPv6 /64 is one client, but
    // anyone can rent many, and any website can make its visitors' browsers send logins), so one account's guesses
    // are bounded whatever the address. The price: whoever spends that count holds the account's logins for the window.
    const username = input.username.toLowerCase();
    const ticket = await reserveGuess(ctx, `login:${clientOf(request)}:${username}`, {
      limiter: app.usernameAttempts,
      key: `login:${username}`,
    });
    const user = await findUserByUsername(db, input.username);
    // Always verify (against a dummy hash if there is no user): same answer and same time for both failures.
    const good = await verifyPassword(input.password, user?.password_hash, cpuLane(ctx), app.passwordCost);
    const me = ticket.settle(good && user, 'wrong_credentials');
    assertActive(me);
    // Right when checked, but a password change may have committed during the check: then the password given is
    // no longer the account's, and the session the change would have ended is not opened.
    const issued = await openPasswordSession(db, me, session());
    if (!issued) throw fail('wrong_credentials');
    return issued;
  });

  // Reaching the handler means the token is a live session (route.ts checked it), in whatever state its account
  // is: a merchant whose account is not activated (402) must still be able to end a session on a shared phone.
  route(
    app,
    'authLogout',
    async ({ request }) => {
      await endSession(db, sessionToken(request)!, app.clock());
      return { ok: true as const };
    },
    { anyAccountState: true },
  );

  route(app, 'loginV2', async ({ input }) => {
    const partner = await requirePartner(input.entry);
    // The uid alone proves nothing: only a link the partner signed moments ago, used once, lets anyone in.
    const check = checkEntryLink(partner.link_secret, input);
    if (check !== 'ok') throw fail(check === 'expired' ? 'entry_link_expired' : 'entry_link_invalid');
    if (!(await useLinkOnce(db, input.sig!, linkExpiresAtMs(input.ts!), app.clock()))) throw fail('entry_link_expired');
    const user = await findPartnerUser(db, input.entry, input.uid);
    // 401 + lang: the client switches language and sends the user to the welcome page (docs/product.md, "Partner entry links"). The ticket
    // lets that page register this user later, when the link itself has long expired. The language the merchant
    // or the host chose, when the client names one, is the answer's: the switch then repeats that choice instead
    // of overturning it; the account's (else the partner's) language is for a client that names none.
    const welcome = async (lang: string) =>
      noAuth({ lang: input.lang ?? lang, ticket: await issueEntryTicket(db, partner.entry, input.uid, app.clock()) });
    if (!user) throw await welcome(partner.lang);
    assertActive(user);
    if (!user.store_opened) throw await welcome(user.lang);
    return issueToken(db, user.id, app.tokenTtlSeconds, app.clock());
  });

  route(app, 'registerV2', async ({ input }) =>
    registerPartnerUser(db, await requirePartner(input.entry), input, session()),
  );

  route(app, 'langV2', async ({ input }) => {
    const partner = await requirePartner(input.entry);
    return { lang: partner.lang as Language };
  });

  route(app, 'openingStore', async (ctx) => {
    const me = requireUser(ctx);
    const ticket = await reserveGuess(ctx, `auth_code:${me.id}`);
    const user = ticket.settle(await openStore(db, me.id, ctx.input.auth_code), 'auth_code_not_found');
    return toUserInfo(db, user);
  });
}
