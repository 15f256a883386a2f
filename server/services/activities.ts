/**
 * Newcomer activities: each hands out one coupon template as a held coupon (a user_coupons row) that expires
 * `valid_days` after it is received. new_user_support once per merchant ever, display_discount once per local
 * day (X-TZ). Every function takes `now` so that tests can fix the clock.
 */
import type { Activities, Activity } from '../../src/api/shapes/ad-center';
import type { RichText } from '../../src/api/shapes/config';
import type { Coupon, CouponKind } from '../../src/api/shapes/coupon';
import type { Db } from '../storage/engine';
import { activityCouponId, findActiveActivity, listActiveActivities, type ActivityRow } from '../storage/ad-center';
import { findGrantByRequest, hasCouponOf, insertGrant } from '../storage/claims';
import { inTransaction } from '../storage/transaction';
import { fromCents } from '../../src/lib/money';
import type { ClientTz } from '../lib/tz';
import { clientZone } from './ad-center/zone';
import { clipRichText } from '../lib/sanitize';
import { configValue } from './config';
import { claimInZone, lockedClaimDayZone } from './daily-claims';
import { InvalidInput, Refusal } from './errors';
import { heldCoupon, localDay, parseLocalized, toCoupon } from './coupons';

const DAY_MS = 86_400_000;

/** The support coupon (and any template marked new_user) is once per merchant; the others once per local day. */
const oncePer = (a: ActivityRow): Activity['once_per'] =>
  a.kind === 'new_user_support' || a.new_user === 1 ? 'user' : 'day';

async function received(db: Db, userId: number, a: ActivityRow, day: string): Promise<boolean> {
  return hasCouponOf(db, userId, a.coupon_id, oncePer(a) === 'user' ? undefined : day);
}

function toActivity(a: ActivityRow, isReceived: boolean): Activity {
  return {
    id: a.id,
    kind: a.kind,
    title: parseLocalized(a.title),
    description: parseLocalized(a.description),
    once_per: oncePer(a),
    offer: {
      id: a.coupon_id,
      name: parseLocalized(a.name),
      kind: a.coupon_kind as CouponKind,
      amount: fromCents(a.amount_cents),
      requirement: fromCents(a.requirement_cents),
      valid_days: a.valid_days,
    },
    received: isReceived,
  };
}

export async function listActivities(db: Db, userId: number, tz: ClientTz, now: Date): Promise<Activities> {
  const day = localDay(tz, now);
  const list: Activity[] = [];
  for (const a of await listActiveActivities(db)) list.push(toActivity(a, await received(db, userId, a, day)));
  return {
    list,
    rules: clipRichText(await configValue<RichText>(db, 'activity_rules', {})),
    game_description: clipRichText(await configValue<RichText>(db, 'game_description', {})),
  };
}

export interface ActivityReceiveInput {
  activity_id: number;
  request_id: string;
}

/**
 * The coupon this request_id handed out, if it did: answered again (a retry whose answer was lost). A key already
 * spent on another activity is a client bug; answering that other coupon would hide it.
 */
async function replayed(db: Db, userId: number, input: ActivityReceiveInput, now: Date): Promise<Coupon | undefined> {
  const done = await findGrantByRequest(db, userId, input.request_id);
  if (!done) return undefined;
  if ((await activityCouponId(db, input.activity_id)) !== done.coupon_id) throw new InvalidInput('request_id', 'same');
  return toCoupon(done, now);
}

/**
 * Hands out the activity's coupon, in one transaction. The merchant's claims of one activity are judged one after
 * another on any number of processes: the transaction first locks the merchant's claim row of the activity
 * (daily-claims.ts), and only then looks for the coupon already held. That guards the once-per-merchant coupon
 * whatever day each request's zone says it is (the unique index on (user, coupon, received_day) cannot, as it
 * includes the day), and the daily one against a second zone's day. The same request_id again answers the coupon it
 * handed out, also when the first request was still running.
 */
export async function receiveActivity(
  db: Db,
  userId: number,
  input: ActivityReceiveInput,
  tz: ClientTz,
  now: Date,
): Promise<Coupon> {
  const zone = clientZone(tz);
  return inTransaction(db, async (trx) => {
    const first = await replayed(trx, userId, input, now);
    if (first) return first;
    const a = await findActiveActivity(trx, input.activity_id);
    if (!a) throw new Refusal('not_found');
    const kind = `activity:${a.id}`;
    const refusal = oncePer(a) === 'user' ? 'coupon_received' : 'coupon_daily_limit';
    // The lock (held until the transaction ends); the daily claim's zone rule is judged under it below.
    await lockedClaimDayZone(trx, userId, kind, zone, now.getTime());
    // A request with this request_id that finished while this one waited for the lock answered first.
    const meanwhile = await replayed(trx, userId, input, now);
    if (meanwhile) return meanwhile;
    const day = localDay(tz, now);
    if (await received(trx, userId, a, day)) throw new Refusal(refusal);
    if (oncePer(a) === 'day') await claimInZone(trx, userId, kind, zone, now.getTime(), refusal);

    const id = await insertGrant(trx, {
      user_id: userId,
      coupon_id: a.coupon_id,
      received_day: day,
      received_at: now.toISOString(),
      expire_at: new Date(now.getTime() + a.valid_days * DAY_MS).toISOString(),
      grant_request_id: input.request_id,
    });
    if (id === undefined) {
      // A unique key refused it: the day's coupon, or this request_id spent by a request on another activity.
      const late = await replayed(trx, userId, input, now);
      if (late) return late;
      throw new Refusal(refusal);
    }
    return toCoupon((await heldCoupon(trx, userId, id))!, now);
  });
}
