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
 * One immediate transaction takes the money with a conditional UPDATE (never below zero, whatever was read before)
 * and writes the `manual_withdrawal` ledger row (negative, with the balance after it and the request_id), so
 * parallel withdrawals are judged one after another and can never overdraw.
 *
 * Idempotent by request_id (unique per merchant on the ledger): the same request again answers the ledger row the
 * first wrote and the wallet as it is now, and moves nothing. It is answered before the password is asked for: it
 * moves no money and shows only the merchant's own row (the ledger list shows it too), so a retry after a lost
 * answer succeeds even if the password changed or locked meanwhile, and it costs no guess. A request_id spent on
 * another movement (a put, another amount) is a client bug: InvalidInput, as plans/put.ts answers.
 */
import type { WithdrawResult } from '../../src/api/shapes/wallet';
import { stmt, type DB } from '../db/index';
import { fromCents, toCents } from '../../src/lib/money';
import { bankCardOf, payoutHeldUntil } from './bank-card';
import { InvalidInput, Refusal } from './errors';
import { assertProofHolds, type PayProof } from './pay-password';
import { FLOW_COLUMNS, postEntry, toFundingDetail, type FlowRow } from './ledger';
import { propertyOf } from './property';
import { withdrawalRemark } from './remarks';
import { findUserById } from './users';
import { recordWithdrawalDay, withdrawLeftTodayCents } from './withdraw-limit';
import type { Zone } from './ad-center/zone';

export interface WithdrawInput { amount: string; request_id: string }

/** Where and when a withdrawal is asked for: the merchant's day (X-TZ) and the clock. */
export interface WithdrawAt { zone: Zone; now: Date }

function result(db: DB, userId: number, row: FlowRow, at: WithdrawAt): WithdrawResult {
  return { property: propertyOf(db, findUserById(db, userId)!, at.zone, at.now.getTime()), flow: toFundingDetail(row) };
}

/** Refused with what is left today when the amount is over the level's daily limit. */
function checkDailyLimit(db: DB, userId: number, cents: number, at: WithdrawAt): void {
  const left = withdrawLeftTodayCents(db, userId, at.zone, at.now.getTime());
  if (left !== null && cents > left) throw new Refusal('withdraw_limit_exceeded', 'amount', { left: fromCents(left) });
}

/** Refused with when it ends while the payout account is newer than the hold (never before it was bound). */
function checkPayoutHold(db: DB, userId: number, at: WithdrawAt): void {
  const until = payoutHeldUntil(db, userId);
  const now = at.now.getTime();
  if (until !== null && now < until) {
    throw new Refusal('payout_account_held', undefined, { retry_after: Math.ceil((until - now) / 1000), held_until: new Date(until).toISOString() });
  }
}

/** The first answer to a request_id already used for this withdrawal, or null if it is new. */
export function withdrawReplay(db: DB, userId: number, input: WithdrawInput, at: WithdrawAt): WithdrawResult | null {
  const row = stmt<FlowRow>(db, `SELECT ${FLOW_COLUMNS} FROM transaction_flow WHERE user_id = ? AND request_id = ?`).get(userId, input.request_id);
  if (!row) return null;
  if (row.type !== 'manual_withdrawal' || row.amount_cents !== -toCents(input.amount)) throw new InvalidInput('request_id', 'same');
  return result(db, userId, row, at);
}

/** Throws the refusals judged before the password is tried, in the contract's order. */
export function withdrawRefusal(db: DB, userId: number, input: WithdrawInput, at: WithdrawAt): void {
  const user = findUserById(db, userId)!;
  if (user.startup_funds_returned !== 1) throw new Refusal('startup_funds_not_returned');
  if (user.pay_password_hash === null) throw new Refusal('pay_password_unset');
  if (!bankCardOf(db, userId)) throw new Refusal('card_unbound');
  checkPayoutHold(db, userId, at);
  checkDailyLimit(db, userId, toCents(input.amount), at);
}

/** Takes the money and writes its ledger row (the password has been proved: `proof`, checked again here). */
export function withdraw(db: DB, userId: number, input: WithdrawInput, when: WithdrawAt, proof: PayProof): WithdrawResult {
  const cents = toCents(input.amount);
  const at = when.now.toISOString();
  return db.transaction((): WithdrawResult => {
    const first = withdrawReplay(db, userId, input, when);
    if (first) return first;
    assertProofHolds(db, userId, proof, when.now.getTime(), 'pay_password_wrong', 'password');
    const card = bankCardOf(db, userId);
    if (!card) throw new Refusal('card_unbound');
    checkPayoutHold(db, userId, when);
    checkDailyLimit(db, userId, cents, when);
    recordWithdrawalDay(db, userId, when.zone, when.now.getTime());
    const took = postEntry(db, {
      user_id: userId, type: 'manual_withdrawal', amount_cents: -cents, remark: withdrawalRemark(card.bank_name, card.account),
      request_id: input.request_id, at, noOverdraw: true,
    });
    if (!took) throw new Refusal('insufficient_balance', 'amount');
    return result(db, userId, stmt<FlowRow>(db, `SELECT ${FLOW_COLUMNS} FROM transaction_flow WHERE id = ?`).get(took.id)!, when);
  }).immediate();
}
