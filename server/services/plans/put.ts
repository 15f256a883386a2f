/**
 * Putting a plan (`/plan/order/put`; docs/product.md, "Plans"): the merchant pays for a waiting plan from the balance, with an
 * optional put coupon, and the plan starts matching. The simulation (services/plans) carries it on from there.
 *
 * The rules, in the order they are judged (the first that fails answers):
 *   1. the amount within the plan's lowest and highest                         → amount_out_of_range  (amount)
 *   2. the coupon: the merchant's, of a put kind (COUPON_USE)                  → coupon_not_applicable (coupon_id)
 *      not used → coupon_used, not expired → coupon_expired, its requirement met by the amount → coupon_requirement_unmet
 *   3. the balance covers what the put takes (amount − the coupon's reduction) → insufficient_balance (amount)
 *   4. the plan still waiting to be put                                        → plan_not_waiting
 *
 * Everything happens in one immediate transaction, so parallel puts (other tabs, other server processes on the
 * same file) are judged one after another against what the others committed: the balance, its ledger row, the
 * coupon and the plan change together or not at all. The balance is also taken with a conditional UPDATE (never
 * below zero), and the wallet's CHECK stands behind that.
 *
 * Idempotent by request_id (unique per merchant on plans): the same request again answers what the first did (the
 * plan as it is now, the balance right after that put, what it took) and changes nothing, even once the plan has
 * moved on. A request_id already spent on another plan, another amount, push kind or coupon, or another ledger
 * movement is a client bug: InvalidInput (400 on request_id), as a withdrawal answers it.
 */
import { COUPON_USE, putReductionCents } from '../../../src/api/shapes/coupon';
import type { PutResult } from '../../../src/api/shapes/plan';
import { stmt, type DB } from '../../db/index';
import { fromCents, toCents } from '../../../src/lib/money';
import { couponState, heldCoupon, type UserCouponRow } from '../coupons';
import { InvalidInput, Refusal } from '../errors';
import { postEntry } from '../ledger';
import { simulationStepMs } from './pace';
import { ownPlan, planRow, toPlan } from './read';
import { moveStatus } from './transitions';

export interface PutInput { id: number; amount: string; official: boolean; coupon_id?: number | undefined; request_id: string }

/** The put coupon for this amount, or the refusal that says why it cannot be used (rule 2). */
function usableCoupon(db: DB, userId: number, couponId: number, amountCents: number, now: Date): UserCouponRow {
  const coupon = heldCoupon(db, userId, couponId);
  if (!coupon || COUPON_USE[coupon.kind] !== 'put') throw new Refusal('coupon_not_applicable', 'coupon_id');
  const state = couponState(coupon, now);
  if (state === 'used') throw new Refusal('coupon_used', 'coupon_id');
  if (state === 'expired') throw new Refusal('coupon_expired', 'coupon_id');
  if (coupon.requirement_cents > amountCents) throw new Refusal('coupon_requirement_unmet', 'coupon_id');
  return coupon;
}

interface FlowRow { amount_cents: number; balance_after_cents: number; remark: string | null }
const flowByRequest = (db: DB, userId: number, requestId: string) =>
  stmt<FlowRow>(db, 'SELECT amount_cents, balance_after_cents, remark FROM transaction_flow WHERE user_id = ? AND request_id = ?').get(userId, requestId);

/** The first answer to a request_id already used for a put of this plan, or null if it is new. */
function replay(db: DB, userId: number, input: PutInput): PutResult | null {
  const put = stmt<{ id: number }>(db, 'SELECT id FROM plans WHERE user_id = ? AND request_id = ?').get(userId, input.request_id);
  const flow = flowByRequest(db, userId, input.request_id);
  if (!put) {
    // The key paid for something else (a top-up, a withdrawal…): answering that would hide the client's bug.
    if (flow) throw new InvalidInput('request_id', 'same');
    return null;
  }
  const plan = planRow(db, userId, put.id)!;
  // Another plan, amount, push kind or coupon under the same key is another request, refused as a withdrawal's is:
  // answering the first put's success would tell the client a put it did not make went through.
  const same = put.id === input.id && plan.put_amount_cents === toCents(input.amount) && (plan.official === 1) === input.official
    && plan.user_coupon_id === (input.coupon_id ?? null);
  if (!same) throw new InvalidInput('request_id', 'same');
  return {
    plan: toPlan(plan),
    balance: fromCents(flow!.balance_after_cents),
    paid: fromCents(plan.paid_cents ?? 0),
  };
}

/** `stepMs`: the simulation pace the plan is put at (the server's; a test chooses its own). */
export function putPlan(db: DB, userId: number, input: PutInput, now: Date, stepMs = simulationStepMs()): PutResult {
  const amount = toCents(input.amount);
  const at = now.toISOString();
  return db.transaction((): PutResult => {
    const first = replay(db, userId, input);
    if (first) return first;

    const plan = ownPlan(db, userId, input.id);
    if (amount < plan.lowest_put_cents || amount > plan.highest_put_cents) throw new Refusal('amount_out_of_range', 'amount');

    const coupon = input.coupon_id === undefined ? null : usableCoupon(db, userId, input.coupon_id, amount, now);
    const discount = coupon ? putReductionCents(coupon.kind, coupon.amount_cents, amount) : null;
    const paid = amount - (discount ?? 0);

    const wallet = stmt<{ balance_cents: number }>(db, 'SELECT balance_cents FROM wallets WHERE user_id = ?').get(userId);
    if (!wallet || wallet.balance_cents < paid) throw new Refusal('insufficient_balance', 'amount');
    if (plan.status !== 'waitPut') throw new Refusal('plan_not_waiting');

    // Conditional: never below zero, whatever was read above.
    const took = postEntry(db, {
      user_id: userId, type: 'ad_serving', amount_cents: 0 - paid, remark: { kind: 'put', plan: plan.plan_no },
      request_id: input.request_id, at, noOverdraw: true,
    });
    if (!took) throw new Refusal('insufficient_balance', 'amount');
    const balance = took.balance_after_cents;

    if (coupon) {
      const used = stmt(db, "UPDATE user_coupons SET state = 'used', used_at = ? WHERE id = ? AND user_id = ? AND state = 'unused'")
        .run(at, coupon.id, userId);
      if (used.changes !== 1) throw new Refusal('coupon_used', 'coupon_id');
    }

    stmt(db, `UPDATE plans SET put_amount_cents = ?, official = ?, paid_cents = ?, coupon_discount_cents = ?, user_coupon_id = ?,
        request_id = ?, put_at = ?, sim_step = 0, sim_step_ms = ?
      WHERE id = ? AND status = 'waitPut'`).run(
      amount, input.official ? 1 : 0, paid, discount, coupon?.id ?? null, input.request_id, at, stepMs, plan.id,
    );
    moveStatus(db, plan.id, 'waitPut', 'matching', at);

    return { plan: toPlan(planRow(db, userId, plan.id)!), balance: fromCents(balance), paid: fromCents(paid) };
  }).immediate();
}
