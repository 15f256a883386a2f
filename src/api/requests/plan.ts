/** What the plan calls accept, each named after its call in api/calls/. */
import { PLAN_STATUSES } from '../shapes/plan';
import { obj } from '../schema/object';
import { str } from '../schema/text';
import { bool } from '../schema/bool';
import { oneOf, opt } from '../schema/choice';
import { int, money } from '../schema/numbers';
import { paging } from './paging';

export const planList = obj({ status: opt(oneOf(PLAN_STATUSES)), ...paging });
export const planDetail = obj({ id: int({ min: 1 }) });
export const planAppDetail = planDetail;
export const planPut = obj({
  id: int({ min: 1 }),
  amount: money({ positive: true }),
  official: bool(),
  /** A put coupon the merchant holds (user coupon id). */
  coupon_id: opt(int({ min: 1 })),
  request_id: str({ min: 8, max: 64 }),
});
