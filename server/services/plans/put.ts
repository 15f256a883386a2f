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
 * Everything happens in one transaction that first locks the merchant's wallet row (PostgreSQL; SQLite's
 * transactions hold the whole file already), so parallel puts of one merchant (other tabs, other server processes)
 * are judged one after another against what the others committed: the balance, its ledger row, the coupon and the
 * plan change together or not at all. The balance is also taken with a conditional UPDATE (never below zero), the
 * wallet's CHECK stands behind that, and the plan is written only while it still waits to be put.
 *
 * Idempotent by request_id (unique per merchant on plans): the same request again answers what the first did (the
 * plan as it is now, the balance right after that put, what it took) and changes nothing, even once the plan has
 * moved on. A request_id already spent on another plan, another amount, push kind or coupon, or another ledger
 * movement is a client bug: InvalidInput (400 on request_id), as a withdrawal answers it. Should a parallel put
 * still get past the lock (a caller that skips it), its write of the plan or of the key fails instead, and the put
 * is judged once more against what won: the answer a put made just after would get (the replay, or the refusal).
 */
import { COUPON_USE, putReductionCents } from '../../../src/api/shapes/coupon';
import type { PutResult } from '../../../src/api/shapes/plan';
import type { Db } from '../../storage/engine';
import { isUniqueViolation } from '../../storage/errors';
import { findPlanIdByRequest, markCouponUsed, recordPut } from '../../storage/plans';
import { inTransaction } from '../../storage/transaction';
import { findFlowByRequest, lockWallet } from '../../storage/wallet';
import { fromCents, toCents } from '../../../src/lib/money';
import { couponState, heldCoupon, type UserCouponRow } from '../coupons';
import { InvalidInput, Refusal } from '../errors';
import { postEntry } from '../ledger';
import { simulationStepMs } from './pace';
import { ownPlan, planRow, toPlan } from './read';
import { moveStatus } from './transitions';

export interface PutInput {
  id: number;
  amount: string;
  official: boolean;
  coupon_id?: number | undefined;
  request_id: string;
}

/** The put coupon for this amount, or the refusal that says why it cannot be used (rule 2). */
async function usableCoupon(
  db: Db,
  userId: number,
  couponId: number,
  amountCents: number,
  now: Date,
): Promise<UserCouponRow> {
  const coupon = await heldCoupon(db, userId, couponId);
  if (!coupon || COUPON_USE[coupon.kind] !== 'put') throw new Refusal('coupon_not_applicable', 'coupon_id');
  const state = couponState(coupon, now);
  if (state === 'used') throw new Refusal('coupon_used', 'coupon_id');
  if (state === 'expired') throw new Refusal('coupon_expired', 'coupon_id');
  if (coupon.requirement_cents > amountCents) throw new Refusal('coupon_requirement_unmet', 'coupon_id');
  return coupon;
}

/** The first answer to a request_id already used for a put of this plan, or null if it is new. */
async function replay(db: Db, userId: number, input: PutInput): Promise<PutResult | null> {
  const putId = await findPlanIdByRequest(db, userId, input.request_id);
  const flow = await findFlowByRequest(db, userId, input.request_id);
  if (putId === undefined) {
    // The key paid for something else (a top-up, a withdrawal…): answering that would hide the client's bug.
    if (flow) throw new InvalidInput('request_id', 'same');
    return null;
  }
  const plan = (await planRow(db, userId, putId))!;
  // Another plan, amount, push kind or coupon under the same key is another request, refused as a withdrawal's is:
  // answering the first put's success would tell the client a put it did not make went through.
  const same =
    putId === input.id &&
    plan.put_amount_cents === toCents(input.amount) &&
    (plan.official === 1) === input.official &&
    plan.user_coupon_id === (input.coupon_id ?? null);
  if (!same) throw new InvalidInput('request_id', 'same');
  return {
    plan: toPlan(plan),
    balance: fromCents(flow!.balance_after_cents),
    paid: fromCents(plan.paid_cents ?? 0),
  };
}

/**
 * The plan was no longer waiting when the put came to write it: another put got there first. Answered as a put made
 * after that one is (judged again), or, inside a caller's transaction that cannot be judged again, as the refusal a
 * second put of the plan gets.
 */
class LostPut extends Refusal {
  constructor() {
    super('plan_not_waiting');
  }
}

async function putOnce(db: Db, userId: number, input: PutInput, now: Date, stepMs: number): Promise<PutResult> {
  const amount = toCents(input.amount);
  const at = now.toISOString();
  // The merchant's lock, before anything is read: a put of this merchant running beside this one commits first,
  // and the reads below (the replay's too) then see what it did.
  const balanceCents = await lockWallet(db, userId);
  const first = await replay(db, userId, input);
  if (first) return first;

  const plan = await ownPlan(db, userId, input.id);
  if (amount < plan.lowest_put_cents || amount > plan.highest_put_cents)
    throw new Refusal('amount_out_of_range', 'amount');

  const coupon = input.coupon_id === undefined ? null : await usableCoupon(db, userId, input.coupon_id, amount, now);
  const discount = coupon ? putReductionCents(coupon.kind, coupon.amount_cents, amount) : null;
  const paid = amount - (discount ?? 0);

  if (balanceCents === undefined || balanceCents < paid) throw new Refusal('insufficient_balance', 'amount');
  if (plan.status !== 'waitPut') throw new Refusal('plan_not_waiting');

  // Conditional: never below zero, whatever was read above.
  const took = await postEntry(db, {
    user_id: userId,
    type: 'ad_serving',
    amount_cents: 0 - paid,
    remark: { kind: 'put', plan: plan.plan_no },
    request_id: input.request_id,
    at,
    noOverdraw: true,
  });
  if (!took) throw new Refusal('insufficient_balance', 'amount');
  const balance = took.balance_after_cents;

  if (coupon && !(await markCouponUsed(db, userId, coupon.id, at))) throw new Refusal('coupon_used', 'coupon_id');

  const recorded = await recordPut(db, plan.id, {
    put_amount_cents: amount,
    official: input.official ? 1 : 0,
    paid_cents: paid,
    coupon_discount_cents: discount,
    user_coupon_id: coupon?.id ?? null,
    request_id: input.request_id,
    put_at: at,
    sim_step_ms: stepMs,
  });
  if (!recorded) throw new LostPut();
  await moveStatus(db, plan.id, 'waitPut', 'matching', at);

  return { plan: toPlan((await planRow(db, userId, plan.id))!), balance: fromCents(balance), paid: fromCents(paid) };
}

/** `stepMs`: the simulation pace the plan is put at (the server's; a test chooses its own). */
export async function putPlan(
  db: Db,
  userId: number,
  input: PutInput,
  now: Date,
  stepMs = simulationStepMs(),
): Promise<PutResult> {
  const once = () => inTransaction(db, (trx) => putOnce(trx, userId, input, now, stepMs));
  // Inside a caller's transaction a failed statement spoils the transaction: nothing can be judged again there.
  if (db.isTransaction) return once();
  try {
    return await once();
  } catch (err) {
    // A parallel put won the plan or the request_id (everything this one did is rolled back): judged again, this
    // put now sees the winner's commit and answers what a put made just after it would (the replay, or a refusal).
    if (err instanceof LostPut || isUniqueViolation(err)) return once();
    throw err;
  }
}
