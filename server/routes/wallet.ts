/**
 * The wallet: the ledger, withdrawal, the transaction password, the bound card and foreign-exchange
 * acceptance (`/user/property` is in coupons.ts). The rules live in the services; routes pass the merchant, the
 * client's time zone (X-TZ) and the clock, and check passwords (http/pay-guess.ts) outside any write transaction.
 */
import type { FastifyInstance } from 'fastify';
import { cpuLane } from '../http/cpu-lane';
import { paramsError } from '../http/envelope';
import { reserveGuess } from '../http/guess';
import { provePayPassword } from '../http/pay-guess';
import { requireUser, route, sessionToken } from '../http/route';
import { hashPassword, verifyPassword } from '../lib/crypto';
import { acceptWithCode, listAcceptorOrders } from '../services/acceptor';
import { bankCardChange, bankCardOf, editBankCard } from '../services/bank-card';
import { clientZone } from '../services/ad-center/zone';
import { Refusal } from '../services/errors';
import { listFlow } from '../services/ledger';
import {
  assertFreshSignIn,
  payPasswordHash,
  replacePayPasswordHash,
  setPayPasswordHash,
} from '../services/pay-password';
import { withdraw, withdrawRefusal, withdrawReplay } from '../services/withdraw';

export function walletRoutes(app: FastifyInstance): void {
  const db = app.db;
  const now = () => new Date(app.clock());
  const requireSet = async (userId: number) => {
    if ((await payPasswordHash(db, userId)) === null) throw new Refusal('pay_password_unset');
  };

  route(app, 'flowList', (ctx) => listFlow(db, requireUser(ctx).id, ctx.input, ctx.tz));

  route(app, 'withdraw', async (ctx) => {
    const user = requireUser(ctx);
    const at = { zone: clientZone(ctx.tz), now: now() };
    const first = await withdrawReplay(db, user.id, ctx.input, at);
    if (first) return first;
    // Before the password: start-up funds, the password set, a card bound, the daily limit (none costs a guess).
    await withdrawRefusal(db, user.id, ctx.input, at);
    const proof = await provePayPassword(ctx, user.id, ctx.input.password, 'password', 'pay_password_wrong');
    // The password took a while: the clock is read again for the transaction, which checks the proof still holds.
    return await withdraw(db, user.id, ctx.input, { zone: at.zone, now: now() }, proof);
  });

  route(app, 'checkPassword', async (ctx) => {
    const user = requireUser(ctx);
    await requireSet(user.id);
    await provePayPassword(ctx, user.id, ctx.input.password, 'password', 'pay_password_wrong');
    return { ok: true as const };
  });

  route(app, 'setPassword', async (ctx) => {
    const user = requireUser(ctx);
    if ((await payPasswordHash(db, user.id)) !== null) throw new Refusal('pay_password_already_set');
    const token = sessionToken(ctx.request)!;
    // A session alone must not set it (a stolen one would then bind a payout account and withdraw): the merchant
    // proves it is them with the login password, its guesses counted with a login-password change's old ones (per
    // merchant, reserved first).
    const loginHash = user.password_hash;
    if (loginHash === null) {
      // A partner's merchant has no login password: a fresh signed sign-in is its proof (a login password sent
      // anyway proves nothing and is ignored). Judged now, before the hashing, and again in the write.
      await assertFreshSignIn(db, token, app.clock());
    } else {
      if (ctx.input.login_password === undefined) throw paramsError('login_password', 'required');
      const ticket = await reserveGuess(ctx, `old_password:${user.id}`);
      const right = await verifyPassword(ctx.input.login_password, loginHash, cpuLane(ctx), app.passwordCost);
      if (!right) return ticket.miss(new Refusal('login_password_wrong', 'login_password'));
      ticket.succeed(null);
    }
    const hash = await hashPassword(ctx.input.password, cpuLane(ctx), app.passwordCost);
    // Conditional: a parallel set that got there first wins, this one is refused like any second set; a login
    // password changed, a session ended or (without a login password) a session grown stale meanwhile sets nothing.
    const proof = { loginHash, token };
    if (!(await setPayPasswordHash(db, user.id, hash, proof, now()))) throw new Refusal('pay_password_already_set');
    return { ok: true as const };
  });

  route(app, 'updatePayPassword', async (ctx) => {
    const user = requireUser(ctx);
    await requireSet(user.id);
    // A wrong old password counts against the same limit as a check or a withdrawal.
    const proof = await provePayPassword(ctx, user.id, ctx.input.old_password, 'old_password', 'wrong_old_password');
    // Written only if the old password is still the one proved and the session still live.
    await replacePayPasswordHash(
      db,
      user.id,
      await hashPassword(ctx.input.password, cpuLane(ctx), app.passwordCost),
      proof,
      now(),
    );
    return { ok: true as const };
  });

  route(app, 'bankCardDetail', (ctx) => bankCardOf(db, requireUser(ctx).id));
  // Where withdrawals go: whoever holds a session must also know the transaction password to redirect them. The
  // refusals that need no password come first, so a typo in a field costs no guess.
  route(app, 'bankCardEdit', async (ctx) => {
    const user = requireUser(ctx);
    await requireSet(user.id);
    const { password, ...input } = ctx.input;
    await bankCardChange(db, user.id, input);
    const proof = await provePayPassword(ctx, user.id, password, 'password', 'pay_password_wrong');
    return await editBankCard(db, user.id, input, proof, now());
  });

  route(app, 'acceptorList', (ctx) => listAcceptorOrders(db, requireUser(ctx).id, ctx.input));
  route(app, 'acceptorDetail', async (ctx) => {
    const user = requireUser(ctx);
    // Codes are guessable: wrong ones are limited per merchant, reserved before the check (parallel tries cannot
    // pass the limit). A code that works does not reset the count: the demo's reusable codes are public, and
    // using one between guesses must not buy more guesses at the single-use ones.
    const ticket = await reserveGuess(ctx, `acceptance:${user.id}`);
    try {
      return ticket.pass(await acceptWithCode(db, user.id, ctx.input, now()));
    } catch (e) {
      if (e instanceof Refusal && e.reason === 'acceptance_code_error') ticket.miss(e);
      throw e;
    }
  });
}
