/**
 * Withdrawing from the available balance (`/user/withdraw`; docs/product.md, "Withdrawal") to the bound card or wallet address.
 *
 * The refusals, in the order they are judged (the contract's): start-up funds not returned, no transaction
 * password, nothing bound, the payout account bound or changed less than PAYOUT_HOLD_HOURS ago
 * (payout_account_held, with when it ends), the amount over what the level's daily limit leaves today
 * (withdrawRefusal below, before the password is tried: a refusal the password cannot change costs no guess), the
 * password locked or wrong (the route, http/pay-guess.ts), then the balance (here, inside the transaction) →
 * insufficient_balance (amount). The binding, its hold and the daily limit are judged again inside the
 * transaction (withdraw-limit.ts), so a rebinding or parallel withdrawals during the password check cannot pass them.
 *
 * The password's proof must still hold in the transaction (assertProofHolds): a change of the transaction
 * password, a logout or a login-password change while the password was being checked stops the withdrawal.
 *
 * One transaction takes the money with a conditional UPDATE (never below zero, whatever was read before) and writes
 * the `manual_withdrawal` ledger row (negative, with the balance after it and the request_id). It first locks the
 * merchant's wallet row, before the replay, the binding and the day's total are read: on any number of processes
 * (PostgreSQL at READ COMMITTED) one merchant's withdrawals are judged one after another, each seeing what the one
 * before it committed, so none can pass the daily limit or overdraw beside another.
 *
 * Idempotent by request_id (unique per merchant on the ledger): the same request again answers the ledger row the
 * first wrote and the wallet as it is now, and moves nothing. It is answered before the password is asked for: it
 * moves no money and shows only the merchant's own row (the ledger list shows it too), so a retry after a lost
 * answer succeeds even if the password changed or locked meanwhile, and it costs no guess. A request_id spent on
 * another movement (a put, another amount) is a client bug: InvalidInput, as plans/put.ts answers. Two requests
 * with one request_id at once: the second waits for the first's lock and replays its row; should the ledger's
 * unique key refuse one anyway (the id spent by a put beside it), that one answers the replay too.
 */
import type { WithdrawResult } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { isUniqueViolation } from '../storage/errors';
import { inTransaction } from '../storage/transaction';
import { findFlowById, findFlowByRequest, lockWallet } from '../storage/wallet';
import { fromCents, toCents } from '../../src/lib/money';
import { bankCardOf, payoutHeldUntil } from './bank-card';
import { InvalidInput, Refusal } from './errors';
import { assertProofHolds, type PayProof } from './pay-password';
import { postEntry, toFundingDetail, type FlowRow } from './ledger';
import { propertyOf } from './property';
import { withdrawalRemark } from './remarks';
import { findUserById } from './users';
import { recordWithdrawalDay, withdrawLeftTodayCents } from './withdraw-limit';
import type { Zone } from './ad-center/zone';

export interface WithdrawInput {
  amount: string;
  request_id: string;
}

/** Where and when a withdrawal is asked for: the merchant's day (X-TZ) and the clock. */
export interface WithdrawAt {
  zone: Zone;
  now: Date;
}

async function result(db: Db, userId: number, row: FlowRow, at: WithdrawAt): Promise<WithdrawResult> {
  const user = (await findUserById(db, userId))!;
  return { property: await propertyOf(db, user, at.zone, at.now.getTime()), flow: toFundingDetail(row) };
}

/** Refused with what is left today when the amount is over the level's daily limit. */
async function checkDailyLimit(db: Db, userId: number, cents: number, at: WithdrawAt): Promise<void> {
  const left = await withdrawLeftTodayCents(db, userId, at.zone, at.now.getTime());
  if (left !== null && cents > left) throw new Refusal('withdraw_limit_exceeded', 'amount', { left: fromCents(left) });
}

/** Refused with when it ends while the payout account is newer than the hold (never before it was bound). */
async function checkPayoutHold(db: Db, userId: number, at: WithdrawAt): Promise<void> {
  const until = await payoutHeldUntil(db, userId);
  const now = at.now.getTime();
  if (until !== null && now < until) {
    throw new Refusal('payout_account_held', undefined, {
      retry_after: Math.ceil((until - now) / 1000),
      held_until: new Date(until).toISOString(),
    });
  }
}

/** The first answer to a request_id already used for this withdrawal, or null if it is new. */
export async function withdrawReplay(
  db: Db,
  userId: number,
  input: WithdrawInput,
  at: WithdrawAt,
): Promise<WithdrawResult | null> {
  const row = (await findFlowByRequest(db, userId, input.request_id)) as FlowRow | undefined;
  if (!row) return null;
  if (row.type !== 'manual_withdrawal' || row.amount_cents !== -toCents(input.amount))
    throw new InvalidInput('request_id', 'same');
  return result(db, userId, row, at);
}

/** Throws the refusals judged before the password is tried, in the contract's order. */
export async function withdrawRefusal(db: Db, userId: number, input: WithdrawInput, at: WithdrawAt): Promise<void> {
  const user = (await findUserById(db, userId))!;
  if (user.startup_funds_returned !== 1) throw new Refusal('startup_funds_not_returned');
  if (user.pay_password_hash === null) throw new Refusal('pay_password_unset');
  if (!(await bankCardOf(db, userId))) throw new Refusal('card_unbound');
  await checkPayoutHold(db, userId, at);
  await checkDailyLimit(db, userId, toCents(input.amount), at);
}

/** Takes the money and writes its ledger row (the password has been proved: `proof`, checked again here). */
export async function withdraw(
  db: Db,
  userId: number,
  input: WithdrawInput,
  when: WithdrawAt,
  proof: PayProof,
): Promise<WithdrawResult> {
  const cents = toCents(input.amount);
  const at = when.now.toISOString();
  try {
    return await inTransaction(db, async (trx): Promise<WithdrawResult> => {
      // First the merchant's lock: everything below reads what the merchant's previous withdrawal committed.
      await lockWallet(trx, userId);
      const first = await withdrawReplay(trx, userId, input, when);
      if (first) return first;
      await assertProofHolds(trx, userId, proof, when.now.getTime(), 'pay_password_wrong', 'password');
      const card = await bankCardOf(trx, userId);
      if (!card) throw new Refusal('card_unbound');
      await checkPayoutHold(trx, userId, when);
      await checkDailyLimit(trx, userId, cents, when);
      await recordWithdrawalDay(trx, userId, when.zone, when.now.getTime());
      const took = await postEntry(trx, {
        user_id: userId,
        type: 'manual_withdrawal',
        amount_cents: -cents,
        remark: withdrawalRemark(card.bank_name, card.account),
        request_id: input.request_id,
        at,
        noOverdraw: true,
      });
      if (!took) throw new Refusal('insufficient_balance', 'amount');
      return result(trx, userId, (await findFlowById(trx, took.id)) as FlowRow, when);
    });
  } catch (err) {
    // The request_id was written beside this one (the ledger's unique key refused the row): this request is a
    // replay of it, answered as one, once that transaction has committed. (Inside a caller's transaction the
    // refusal has spoilt it on PostgreSQL: thrown on.)
    if (!isUniqueViolation(err) || db.isTransaction) throw err;
    const first = await withdrawReplay(db, userId, input, when);
    if (!first) throw err;
    return first;
  }
}
