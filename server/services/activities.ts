/**
 * Newcomer activities: each hands out one coupon template as a held coupon (a user_coupons row) that expires
 * `valid_days` after it is received. new_user_support once per merchant ever, display_discount once per local
 * day (X-TZ). Every function takes `now` so that tests can fix the clock.
 */
import type { Activities, Activity } from '../../src/api/shapes/ad-center';
import type { RichText } from '../../src/api/shapes/config';
import type { Coupon, CouponKind } from '../../src/api/shapes/coupon';
import { stmt, type DB } from '../db/index';
import { fromCents } from '../../src/lib/money';
import type { ClientTz } from '../lib/tz';
import { clientZone } from './ad-center/zone';
import { clipRichText } from '../lib/sanitize';
import { configValue } from './config';
import { claimInZone } from './daily-claims';
import { InvalidInput, Refusal } from './errors';
import { heldCoupon, localDay, parseLocalized, toCoupon, type UserCouponRow } from './coupons';

const DAY_MS = 86_400_000;

interface ActivityRow {
  id: number; kind: Activity['kind']; title: string; description: string; coupon_id: number;
  name: string; coupon_kind: CouponKind; amount_cents: number; requirement_cents: number; valid_days: number; new_user: 0 | 1;
}

const ACTIVE = `SELECT a.id, a.kind, a.title, a.description, a.coupon_id,
    c.name, c.kind AS coupon_kind, c.amount_cents, c.requirement_cents, c.valid_days, c.new_user
  FROM activities a JOIN coupons c ON c.id = a.coupon_id
  WHERE a.active = 1 AND c.active = 1`;

/** The support coupon (and any template marked new_user) is once per merchant; the others once per local day. */
const oncePer = (a: ActivityRow): Activity['once_per'] => (a.kind === 'new_user_support' || a.new_user === 1 ? 'user' : 'day');

function received(db: DB, userId: number, a: ActivityRow, day: string): boolean {
  const row = oncePer(a) === 'user'
    ? stmt(db, 'SELECT 1 FROM user_coupons WHERE user_id = ? AND coupon_id = ? LIMIT 1').get(userId, a.coupon_id)
    : stmt(db, 'SELECT 1 FROM user_coupons WHERE user_id = ? AND coupon_id = ? AND received_day = ? LIMIT 1').get(userId, a.coupon_id, day);
  return row !== undefined;
}

function toActivity(a: ActivityRow, isReceived: boolean): Activity {
  return {
    id: a.id,
    kind: a.kind,
    title: parseLocalized(a.title),
    description: parseLocalized(a.description),
    once_per: oncePer(a),
    offer: {
      id: a.coupon_id, name: parseLocalized(a.name), kind: a.coupon_kind, amount: fromCents(a.amount_cents),
      requirement: fromCents(a.requirement_cents), valid_days: a.valid_days,
    },
    received: isReceived,
  };
}

export function listActivities(db: DB, userId: number, tz: ClientTz, now: Date): Activities {
  const day = localDay(tz, now);
  const list = stmt<ActivityRow>(db, `${ACTIVE} ORDER BY a.sort, a.id`).all().map((a) => toActivity(a, received(db, userId, a, day)));
  return {
    list,
    rules: clipRichText(configValue<RichText>(db, 'activity_rules', {})),
    game_description: clipRichText(configValue<RichText>(db, 'game_description', {})),
  };
}

export interface ActivityReceiveInput { activity_id: number; request_id: string }

/**
 * Hands out the activity's coupon, in one immediate transaction (parallel taps are judged one after another; the
 * unique index on (user, coupon, received_day) stands behind the daily rule as well). The same request_id again
 * answers the coupon it handed out.
 */
export function receiveActivity(db: DB, userId: number, input: ActivityReceiveInput, tz: ClientTz, now: Date): Coupon {
  return db.transaction(() => {
    const done = stmt<UserCouponRow>(db, `SELECT uc.*, c.name, c.kind, c.amount_cents, c.requirement_cents
      FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.user_id = ? AND uc.grant_request_id = ?`).get(userId, input.request_id);
    if (done) {
      const activity = stmt<{ coupon_id: number }>(db, 'SELECT coupon_id FROM activities WHERE id = ?').get(input.activity_id);
      // A key already spent on another activity is a client bug; answering that other coupon would hide it.
      if (activity?.coupon_id !== done.coupon_id) throw new InvalidInput('request_id', 'same');
      return toCoupon(done, now);
    }
    const a = stmt<ActivityRow>(db, `${ACTIVE} AND a.id = ?`).get(input.activity_id);
    if (!a) throw new Refusal('not_found');
    const day = localDay(tz, now);
    const refusal = oncePer(a) === 'user' ? 'coupon_received' : 'coupon_daily_limit';
    if (received(db, userId, a, day)) throw new Refusal(refusal);
    if (oncePer(a) === 'day') claimInZone(db, userId, `activity:${a.id}`, clientZone(tz), now.getTime(), refusal);

    const info = stmt(db, `INSERT OR IGNORE INTO user_coupons
      (user_id, coupon_id, state, received_day, received_at, expire_at, grant_request_id) VALUES (?, ?, 'unused', ?, ?, ?, ?)`)
      .run(userId, a.coupon_id, day, now.toISOString(), new Date(now.getTime() + a.valid_days * DAY_MS).toISOString(), input.request_id);
    if (info.changes === 0) throw new Refusal(refusal);
    return toCoupon(heldCoupon(db, userId, Number(info.lastInsertRowid))!, now);
  }).immediate();
}
