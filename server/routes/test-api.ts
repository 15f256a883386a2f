/**
 * Test-only routes (ENABLE_TEST_API=1 / buildApp({testApi:true})): let end-to-end tests reach states that take
 * days or an operator in real life. Never enable in production. They answer requests from this machine only, sent
 * to a loopback name, not passed on by a proxy and not from another origin (below), and main.ts refuses to start
 * them on a non-loopback HOST unless forced.
 *   POST /api/__test__/expire-tokens {username}        → {expired: n}: the user's tokens now answer 503
 *   POST /api/__test__/set-state     {username, state} → {username, state}  (active | not_activated | disabled | deleted)
 *   POST /api/__test__/session-age   {username, minutes} → {aged: n}: the user's sessions as if opened `minutes`
 *        earlier than they were (no longer a fresh sign-in, FRESH_SIGN_IN_MINUTES), still live
 *   POST /api/__test__/notify        {username, count} → {unread_total}: adds `count` unread system announcements
 *        to that merchant alone ("Test notice n", in every language)
 *   POST /api/__test__/notifications {username, items: [{category, title, content?, read?, minutes_ago?}]}
 *   POST /api/__test__/user-contacts {username, kind, contacts: [JSON of {type, url, label}]} → {count}: the merchant's own
 *        customer-service contacts of that kind (user info's lists), replacing basic config's in its popup; [] removes them
 *        → {ids, unread_total}: exactly these messages, to that merchant alone (title and body in English, the body
 *        through the sanitizer like every stored body), `minutes_ago` back-dating each, `read` marking it read, so a
 *        browser test builds the inbox it needs on a fresh merchant (messages to everyone are in every inbox too)
 *   GET  /api/__test__/partner-link?entry=&uid=[&age=s] → {path, query}: an entry link signed with the partner's key
 *   POST /api/__test__/merchant      {lang?}           → {username, token, proxy_id}: a fresh active merchant (password
 *        demo1234) with the demo's kind of ad-centre data (plans and delivery, coupons of every kind and state,
 *        follows), so a test that signs in, receives or follows never meets another test's changes
 *        Wallet options: {pay_password?: '6 digits', startup_funds_returned?: bool (default true),
 *        card?: 'bank' | 'wallet' | null (default null: nothing bound)}
 *   POST /api/__test__/pay-password-lock {username} → {}: the transaction password's failures and lock are cleared
 *   POST /api/__test__/broadcast-expire {} → {}: the ticker (cached for 30 s) is computed afresh by its next caller
 *   POST /api/__test__/check-ins     {username, days} → {added}: check-ins on those local days (YYYY-MM-DD), as if
 *        made then, so a test can start from a streak (a real one takes days); no reward is paid for them
 *   POST /api/__test__/raw-faq       {question, answer} → {id}: appends an FAQ (English) to faq_config exactly as
 *        given, WITHOUT the server's sanitizer, which every real write goes through; so a browser test can prove
 *        that the client's own rich-text layer holds on its own against hostile HTML
 *   Plans (simulationTestRoutes below):
 *   POST /api/__test__/plans  {username, lowest, highest, product_id?, official?, count?} → {ids, plan_nos}: `count`
 *        (default 1) plans waiting to be put, with that put range, so a test puts a plan it alone knows
 *   POST /api/__test__/process {} → {pid, streams, rss, heap_used, external}: the change streams this process holds
 *        and its memory (bench/online.mjs)
 *   POST /api/__test__/plan-pace {username, id, step_ms} → {id, step_ms}: the pace of the merchant's put plan from
 *        now on, so a screen test watches it move at a pace of its choosing
 *   POST /api/__test__/wallet {username, balance} → {balance}: sets the balance, with the ledger row (system_topup, or
 *        system_debit for less) that explains the change, so the ledger still sums to the balance
 *   POST /api/__test__/delivery-row {username, hour, consumed, impressions, clicks, revenue} → {plan_id}: adds delivery
 *        at that UTC hour to the merchant's settled plan (the statistics' rows), so a test knows a period's direction
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { obj } from '../../src/api/schema/object';
import { digits } from '../../src/api/schema/digest';
import { str } from '../../src/api/schema/text';
import type { Field, Infer } from '../../src/api/schema/types';
import { bool } from '../../src/api/schema/bool';
import { oneOf, opt } from '../../src/api/schema/choice';
import { list } from '../../src/api/schema/list';
import { int, money } from '../../src/api/schema/numbers';
import { fail } from '../http/envelope';
import { isLoopbackAddress, isLoopbackHostHeader } from '../http/loopback';
import { endpoint } from '../http/route';
import { fromCents, toCents } from '../../src/lib/money';
import { nowIso } from '../lib/time';
import { InvalidInput } from '../services/errors';
import {
  createUser,
  findPartner,
  findUserByUsername,
  issueToken,
  revokeTokens,
  setAccountState,
} from '../services/users';
import { seedMerchantData } from '../seed/seed';
import { LANGUAGES } from '../../src/api/languages';
import { NOTIFICATION_CATEGORIES } from '../../src/api/shapes/messages';
import { entryLinkQuery } from '../lib/entry-link';
import { addNotification, announce, recordRead, unreadTotal } from '../services/notifications';
import { appendRawFaq } from '../services/config';
import { BINDING_KINDS } from '../../src/api/shapes/wallet';
import { clearPayPasswordLock } from '../services/pay-password';
import { setBalance } from '../services/ledger';
import { bindSampleCard, payPasswordHashSync, SAMPLE_CARDS } from '../seed/seed-wallet';
import { FIXTURE_PASSWORD_COST } from '../lib/crypto';
import { inTransaction } from '../storage/transaction';
import {
  addDeliveryRow,
  addSignIns,
  firstSettledPlanId,
  lockUserRow,
  productExists,
  replaceUserContacts,
  sessionTimes,
  setPlanPace,
  setSessionOpenedAt,
  setWalletTestState,
} from '../storage/test-api';
import { insertPlan } from '../storage/seed';

const STATES = ['active', 'not_activated', 'disabled', 'deleted'] as const;

/** Test routes seed long texts and many items at once: a larger body than any contract call's. */
const TEST_API_BODY_LIMIT = 1024 * 1024;

/** Where the test API lives: no CORS grant is ever given under it (app.ts), whether a route exists there or not. */
export const TEST_API_PREFIX = '/api/__test__/';
export const isTestApiUrl = (url: string) => url.startsWith(TEST_API_PREFIX);

/**
 * Headers a proxy adds when it passes on someone else's request. A reverse proxy on this machine (nginx in front
 * of the server, a dev server's /api proxy) connects from loopback for a client who may be anywhere.
 */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
  'x-envoy-external-address',
  'x-original-host',
  'x-host',
]);
const isForwardingHeader = (name: string) => name.startsWith('x-forwarded') || FORWARDING_HEADERS.has(name);

/** An Origin header that is exactly the origin the request was sent to (scheme, host and port of its Host). */
function isOwnOrigin(origin: string, protocol: string, host: string): boolean {
  try {
    const own = new URL(`${protocol}://${host}`).origin;
    return new URL(origin).origin === origin && origin === own;
  } catch {
    return false;
  }
}

/** Why a request may not use the test API, or null when it may. */
function refusal(request: FastifyRequest): string | null {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return 'a non-loopback client';
  if (Object.keys(request.headers).some(isForwardingHeader)) return 'a request passed on by a proxy';
  const host = request.headers.host;
  if (!isLoopbackHostHeader(host)) return 'a Host that is not a loopback name';
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request.protocol, host!)) return 'another origin';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'another site';
  return null;
}

/**
 * These routes can set balances, sign partner links for anyone and delete any account, so only a program on this
 * machine, or a page the server itself serves (the examples page), may call them. Judged by the socket's peer
 * address, never by request.ip or a header such as X-Forwarded-For, which a client writes itself (and which
 * trustProxy would believe). A loopback socket is not enough on its own:
 *   - a reverse proxy on this machine connects from loopback for anyone: a request carrying forwarding headers
 *     is refused;
 *   - a website whose domain its owner points at 127.0.0.1 (DNS rebinding) is, to the browser, same-origin with
 *     this server: its requests carry that domain as Host, so only loopback names are accepted;
 *   - any page open in the browser of the person running the server can send requests to 127.0.0.1: one whose
 *     Origin is not this server's own, or which the browser marks as from another site, is refused, and no CORS
 *     grant is ever given under /api/__test__/ (app.ts), so a page of another origin cannot read an answer either.
 * Anyone refused gets exactly the answer of an unknown path, so the routes' existence is not revealed.
 */
function refused(request: FastifyRequest): boolean {
  const why = refusal(request);
  if (why !== null)
    request.log.warn(
      { peer: request.raw.socket?.remoteAddress, host: request.headers.host, origin: request.headers.origin },
      `test API refused to ${why}`,
    );
  return why !== null;
}

/** For http/setup.ts: a refused call with a body is answered there, as an unknown path with a body is. */
export const refusedTestApiCall = (request: FastifyRequest) => isTestApiUrl(request.url) && refused(request);

async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!refused(request)) return undefined;
  reply.callNotFound();
  return reply;
}

/** The test API as its own plugin, so the loopback check covers these routes and nothing else. */
export async function testApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', loopbackOnly);
  // Tests seed long texts and many items at once (from loopback only); the depth check still applies.
  app.addHook('onRoute', (options) => {
    options.bodyLimit = TEST_API_BODY_LIMIT;
  });
  testRoutes(app);
  simulationTestRoutes(app);
}

function testRoutes(app: FastifyInstance): void {
  const db = app.db;
  const userNamed = async (username: string) => {
    const user = await findUserByUsername(db, username);
    if (!user) throw fail('not_found', 'Unknown user');
    return user;
  };

  endpoint(
    app,
    { method: 'POST', path: '/__test__/expire-tokens', auth: false, schema: obj({ username: str({ max: 200 }) }) },
    async ({ input }) => {
      const user = await userNamed(input.username);
      return { expired: await revokeTokens(db, user.id, app.clock()) };
    },
  );

  // A browser cannot move the server's clock: a partner merchant's session is made old instead, so a test sees what
  // a merchant without a login password is told when its sign-in is no longer fresh.
  endpoint(
    app,
    {
      method: 'POST',
      path: '/__test__/session-age',
      auth: false,
      schema: obj({ username: str({ max: 200 }), minutes: int({ min: 1, max: 10_080 }) }),
    },
    async ({ input }) => {
      const user = await userNamed(input.username);
      // Read and moved back under the merchant's lock: two calls at once age the sessions twice, not once.
      const rows = await inTransaction(db, async (trx) => {
        await lockUserRow(trx, user.id);
        const sessions = await sessionTimes(trx, user.id);
        for (const r of sessions)
          await setSessionOpenedAt(
            trx,
            r.id,
            new Date(Date.parse(r.created_at) - input.minutes * 60_000).toISOString(),
          );
        return sessions;
      });
      return { aged: rows.length };
    },
  );

  endpoint(
    app,
    {
      method: 'POST',
      path: '/__test__/set-state',
      auth: false,
      schema: obj({ username: str({ max: 200 }), state: oneOf(STATES) }),
    },
    async ({ input }) => {
      const user = await userNamed(input.username);
      await setAccountState(db, user.id, input.state);
      return { username: user.username, state: input.state };
    },
  );

  endpoint(
    app,
    {
      method: 'POST',
      path: '/__test__/notify',
      auth: false,
      schema: obj({ username: str({ max: 200 }), count: int({ min: 1, max: 500 }) }),
    },
    async ({ input }) => {
      const user = await userNamed(input.username);
      await announce(db, user.id, input.count, nowIso());
      return { unread_total: await unreadTotal(db, user.id) };
    },
  );

  const item = obj({
    category: oneOf(NOTIFICATION_CATEGORIES),
    title: str({ max: 200 }),
    content: opt(str({ max: 5000, multiline: true })),
    read: opt(bool()),
    minutes_ago: opt(int({ min: 0, max: 60 * 24 * 366 })),
  });
  // The schema has no nested object field: each item is validated whole (its rule reported on `items`).
  const itemField: Field<Infer<typeof item>> = {
    kind: 'object',
    optional: false,
    parse: (raw) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, rule: 'type' };
      const v = item.validate(raw);
      return v.ok ? v : { ok: false, rule: v.rule };
    },
  };
  const notifications = obj({ username: str({ max: 200 }), items: list(itemField, { max: 100 }) });
  endpoint(
    app,
    { method: 'POST', path: '/__test__/notifications', auth: false, schema: notifications },
    async ({ input }) => {
      const user = await userNamed(input.username);
      const now = app.clock();
      return inTransaction(db, async (trx) => {
        const ids: number[] = [];
        for (const m of input.items) {
          const at = new Date(now - (m.minutes_ago ?? 0) * 60_000).toISOString();
          const id = (await addNotification(trx, {
            userId: user.id,
            category: m.category,
            title: { en: m.title },
            content: { en: m.content ?? '' },
            createdAt: at,
          }))!;
          if (m.read) await recordRead(trx, user.id, id, at);
          ids.push(id);
        }
        return { ids, unread_total: await unreadTotal(trx, user.id) };
      });
    },
  );

  // A merchant's own contacts of a kind, replacing any it had (none: back to basic config's). Stored as given,
  // unchecked, like an operator's tool might: the client must still refuse a link it may not open.
  const userContacts = obj({
    username: str({ max: 200 }),
    kind: oneOf(['service', 'recharge'] as const),
    // Each contact as JSON text ({type, url, label}): the schema builders nest fields, not objects.
    contacts: list(str({ max: 2000 }), { max: 20 }),
  });
  endpoint(
    app,
    { method: 'POST', path: '/__test__/user-contacts', auth: false, schema: userContacts },
    async ({ input }) => {
      const user = await userNamed(input.username);
      const contacts = input.contacts.map((raw, i) => {
        const c = JSON.parse(raw) as { type: number; url: string; label: Record<string, string> };
        return { type: Number(c.type), url: String(c.url), label: JSON.stringify(c.label ?? {}), sort: i };
      });
      // Under the merchant's lock: two replacements at once leave one list, not both.
      await inTransaction(db, async (trx) => {
        await lockUserRow(trx, user.id);
        await replaceUserContacts(trx, user.id, input.kind, contacts);
      });
      return { count: input.contacts.length };
    },
  );

  // Several server processes may share one PostgreSQL, so a fresh name is random rather than counted; and short
  // (ten characters: the app greets "Shop <name>", one word that must fit a phone-width line unbroken).
  const freshName = () =>
    `m${Date.now().toString(36).slice(-4)}${randomInt(36 ** 5)
      .toString(36)
      .padStart(5, '0')}`;
  const merchant = obj({
    lang: opt(oneOf(LANGUAGES)),
    // The wallet: a transaction password (6 digits, stored as a set one is), start-up funds returned
    // (default true) and a bound card or wallet address (default none).
    pay_password: opt(digits(6)),
    startup_funds_returned: opt(bool()),
    card: opt(oneOf(BINDING_KINDS)),
  });
  endpoint(app, { method: 'POST', path: '/__test__/merchant', auth: false, schema: merchant }, async ({ input }) => {
    const demo = await userNamed('demo');
    // Hashed before the transaction: a hash holds no transaction open.
    const payHash =
      input.pay_password === undefined ? null : payPasswordHashSync(input.pay_password, FIXTURE_PASSWORD_COST);
    return inTransaction(db, async (trx) => {
      const username = freshName();
      const user = await createUser(trx, {
        username,
        nickname: `Shop ${username}`,
        email: `${username}@example.com`,
        phone: '+1 555 010 0099',
        password_hash: demo.password_hash,
        entry: 'register',
        lang: input.lang ?? 'en',
        store_opened: true,
      });
      await seedMerchantData(trx, user.id, nowIso());
      await setWalletTestState(trx, user.id, payHash, input.startup_funds_returned !== false);
      if (input.card) await bindSampleCard(trx, user.id, SAMPLE_CARDS[input.card], nowIso());
      const { token } = await issueToken(trx, user.id, app.tokenTtlSeconds, app.clock());
      return { username, token, proxy_id: user.proxy_id };
    });
  });

  // The transaction password's lock is in the database (15 minutes): a test that locked it unlocks it here.
  endpoint(
    app,
    { method: 'POST', path: '/__test__/pay-password-lock', auth: false, schema: obj({ username: str({ max: 200 }) }) },
    async ({ input }) => {
      await clearPayPasswordLock(db, (await userNamed(input.username)).id);
      return {};
    },
  );

  const rawFaq = obj({ question: str({ max: 200 }), answer: str({ max: 20_000, multiline: true }) });
  endpoint(app, { method: 'POST', path: '/__test__/raw-faq', auth: false, schema: rawFaq }, ({ input }) =>
    appendRawFaq(db, input.question, input.answer),
  );

  // The ticker is computed at most once per 30 s: a test that has just written rows asks for the next one now.
  endpoint(app, { method: 'POST', path: '/__test__/broadcast-expire', auth: false, schema: obj({}) }, () => {
    app.ticker.expire();
    return {};
  });

  // What this process holds (the benchmark reads each process's streams and memory; with --expose-gc, after a
  // collection, so the memory is what is kept, not what is waiting to be freed).
  endpoint(app, { method: 'POST', path: '/__test__/process', auth: false, schema: obj({}) }, () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return { pid: process.pid, streams: app.streams.count(), rss: m.rss, heap_used: m.heapUsed, external: m.external };
  });

  // A streak takes days to build: a test writes the earlier days' check-ins (the rows only, as the seed does).
  const checkIns = obj({
    username: str({ max: 200 }),
    days: list(str({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/ }), { max: 30 }),
  });
  endpoint(app, { method: 'POST', path: '/__test__/check-ins', auth: false, schema: checkIns }, async ({ input }) => {
    const user = await userNamed(input.username);
    const added = await addSignIns(
      db,
      user.id,
      input.days.map((day) => ({ day, created_at: `${day}T12:00:00.000Z` })),
    );
    return { added };
  });

  // What a partner's own server does: sign an entry link with the partner's key. The examples page and the
  // browser tests ask here, so no partner key sits in page JavaScript. `age` back-dates it (expired links).
  const linkSchema = obj({ entry: str({ max: 32 }), uid: str({ max: 64 }), age: opt(int({ min: 0, max: 86_400 })) });
  endpoint(
    app,
    { method: 'GET', path: '/__test__/partner-link', auth: false, schema: linkSchema },
    async ({ input }) => {
      const partner = await findPartner(db, input.entry);
      if (!partner?.link_secret) throw fail('not_found', 'Unknown entry, or it has no link secret');
      const query = entryLinkQuery(
        partner.link_secret,
        partner.entry,
        input.uid,
        Math.floor(Date.now() / 1000) - (input.age ?? 0),
      );
      return { path: `/entry?${query}`, query };
    },
  );
}

/** The plans' test routes: waiting plans to put, and a balance to put them with. */
function simulationTestRoutes(app: FastifyInstance): void {
  const db = app.db;
  let serial = 0;
  const processTag = process.pid.toString(36);
  const plans = obj({
    username: str({ max: 200 }),
    lowest: money(),
    highest: money(),
    product_id: opt(int({ min: 1 })),
    official: opt(bool()),
    count: opt(int({ min: 1, max: 20 })),
  });
  endpoint(app, { method: 'POST', path: '/__test__/plans', auth: false, schema: plans }, async ({ input }) => {
    const user = await findUserByUsername(db, input.username);
    if (!user) throw fail('not_found', 'Unknown user');
    const lowest = toCents(input.lowest);
    const highest = toCents(input.highest);
    if (highest < lowest) throw new InvalidInput('highest', 'min');
    const productId = input.product_id ?? 1;
    if (!(await productExists(db, productId))) throw fail('not_found', 'Unknown product');
    const at = new Date(app.clock()).toISOString();
    return inTransaction(db, async (trx) => {
      const ids: number[] = [];
      const planNos: string[] = [];
      for (let i = 0; i < (input.count ?? 1); i++) {
        const planNo =
          `TP${String(user.id).padStart(6, '0')}${Date.now().toString(36)}${processTag}${(serial++).toString(36)}`.toUpperCase();
        const id = await insertPlan(trx, {
          plan_no: planNo,
          user_id: user.id,
          product_id: productId,
          content: `Test campaign ${serial}`,
          rule: 'CPM, daily rhythm',
          user_targeting: 'All regions, 18-45',
          official: input.official ? 1 : 0,
          status: 'waitPut',
          lowest_put_cents: lowest,
          highest_put_cents: highest,
          created_at: at,
          updated_at: at,
        });
        ids.push(id);
        planNos.push(planNo);
      }
      return { ids, plan_nos: planNos };
    });
  });

  // The pace of a put plan from now on (a plan keeps the pace it was put at): a screen test watches it move.
  const pace = obj({ username: str({ max: 200 }), id: int({ min: 1 }), step_ms: int({ min: 10, max: 3_600_000 }) });
  endpoint(app, { method: 'POST', path: '/__test__/plan-pace', auth: false, schema: pace }, async ({ input }) => {
    const user = await findUserByUsername(db, input.username);
    if (!user || !(await setPlanPace(db, user.id, input.id, input.step_ms)))
      throw fail('not_found', 'No such put plan');
    return { id: input.id, step_ms: input.step_ms };
  });

  // The balance set to `balance` with a ledger row: a top-up via customer service or an adjustment, or what an
  // operator wrote (`note`, free text shown as written).
  const walletInput = obj({ username: str({ max: 200 }), balance: money(), note: opt(str({ max: 200 })) });
  endpoint(app, { method: 'POST', path: '/__test__/wallet', auth: false, schema: walletInput }, async ({ input }) => {
    const user = await findUserByUsername(db, input.username);
    if (!user) throw fail('not_found', 'Unknown user');
    const target = toCents(input.balance);
    const at = new Date(app.clock()).toISOString();
    await inTransaction(db, (trx) => setBalance(trx, user.id, target, at, input.note ?? null));
    return { balance: fromCents(target) };
  });

  const deliveryRow = obj({
    username: str({ max: 200 }),
    hour: str({ max: 40 }),
    consumed: money(),
    revenue: money(),
    impressions: int({ min: 0, max: 1_000_000_000 }),
    clicks: int({ min: 0, max: 1_000_000_000 }),
  });
  endpoint(
    app,
    { method: 'POST', path: '/__test__/delivery-row', auth: false, schema: deliveryRow },
    async ({ input }) => {
      const user = await findUserByUsername(db, input.username);
      if (!user) throw fail('not_found', 'Unknown user');
      const ms = Date.parse(input.hour);
      if (!Number.isFinite(ms) || ms % 3_600_000 !== 0) throw new InvalidInput('hour', 'pattern');
      const planId = await firstSettledPlanId(db, user.id);
      if (planId === undefined) throw fail('not_found', 'No settled plan');
      await addDeliveryRow(db, {
        plan_id: planId,
        user_id: user.id,
        hour: new Date(ms).toISOString(),
        impressions: input.impressions,
        clicks: input.clicks,
        consumed_cents: toCents(input.consumed),
        revenue_cents: toCents(input.revenue),
      });
      return { plan_id: planId };
    },
  );
}
