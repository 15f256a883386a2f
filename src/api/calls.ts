/**
 * The call table: every call between the SDK and the reference server, by name, as its method and path, with the
 * type of what it answers. The SDK builds its requests from it (api/client.ts); the server registers its routes
 * from it and validates each call's input with the schema of the same name in api/requests/, so the two cannot
 * drift apart.
 *
 * An entry is a string, which is all the SDK carries: `METHOD /path`, then `open` for a call that needs no session
 * or `form` for a multipart upload. Field names are snake_case; money is a decimal string ("12.50"), times are
 * ISO 8601.
 */
import type { Language } from './languages';
import type * as Requests from './requests';
import type { Infer } from './schema/types';
import type { AuthResult, UserInfo } from './shapes/account';
import type {
  Activities, Broadcast, FollowRecord, LevelOverview, SignInResult, Statistics, UnfollowResult,
} from './shapes/ad-center';
import type { BasicConfig } from './shapes/config';
import type { Coupon, CouponPage } from './shapes/coupon';
import type { FeedbackItem, NotificationPage, Upload } from './shapes/messages';
import type { Page } from './shapes/page';
import type { PlanDetail, PlanPage, Product, PutResult } from './shapes/plan';
import type { AcceptorOrder, AcceptorPage, BankCard, FlowPage, Property, WithdrawResult } from './shapes/wallet';

export type Method = 'GET' | 'POST';
type Route = `${Method} /${string}` | `${Method} /${string} ${'open' | 'form'}`;
declare const answer: unique symbol;
/** A call's route, carrying the type of its answer (`data` of the envelope) for the client and the server. */
export type Call<Res> = Route & { readonly [answer]?: Res };
type Ok = { ok: true };

export const calls = {
  upload: 'POST /files/upload form' as Call<Upload>,
  planList: 'GET /plan/order/list' as Call<PlanPage>,
  planDetail: 'POST /plan/order/detail' as Call<PlanDetail>,
  planAppDetail: 'POST /plan/order/app/detail' as Call<Product>,
  planPut: 'POST /plan/order/put' as Call<PutResult>,
  planAwaitCount: 'POST /plan/order/await/put/count' as Call<{ count: number }>,
  registerV2: 'POST /auth/v2/register open' as Call<AuthResult>,
  loginV2: 'POST /auth/v2/login open' as Call<AuthResult>,
  langV2: 'GET /auth/v2/lang open' as Call<{ lang: Language }>,
  authLogin: 'POST /auth/login open' as Call<AuthResult>,
  // Ends the session of the token it is sent with (that token then answers 503, as an expired one does).
  authLogout: 'POST /auth/logout' as Call<Ok>,
  authRegister: 'POST /auth/register open' as Call<AuthResult>,
  userInfo: 'GET /user/info' as Call<UserInfo>,
  userInfoEdit: 'POST /user/info/edit' as Call<UserInfo>,
  updatePassword: 'POST /update/password' as Call<Ok>,
  basicConfig: 'GET /basic_config open' as Call<BasicConfig>,
  openingStore: 'POST /opening_store' as Call<UserInfo>,
  broadcast: 'GET /broadcast-data open' as Call<Broadcast>,
  statistics: 'GET /ad/order/data_statistics/list' as Call<Statistics>,
  // The daily check-in; the day is the merchant's own, from X-TZ.
  signIn: 'POST /user/sign_in' as Call<SignInResult>,
  level: 'GET /user/level' as Call<LevelOverview>,
  activities: 'GET /activity/list' as Call<Activities>,
  activityReceive: 'POST /activity/receive' as Call<Coupon>,
  assistanceList: 'GET /assistance/list' as Call<Page<FollowRecord>>,
  // id_error (field proxy_id) for an unknown ID or the merchant's own; following the same ID again answers the record.
  assistanceFollow: 'POST /assistance/follow' as Call<FollowRecord>,
  // not_found for a follow record that is not this merchant's (or is gone); the same request_id answers the same.
  assistanceUnfollow: 'POST /assistance/unfollow' as Call<UnfollowResult>,
  couponList: 'GET /user_coupon/list' as Call<CouponPage>,
  couponReceive: 'POST /user_coupon/receive' as Call<Coupon>,
  // A retried request (same request_id) answers the first feedback; image_ids naming an upload that is not the
  // merchant's own is refused with upload_unknown (field image_ids).
  feedback: 'POST /feedback' as Call<FeedbackItem>,
  // The merchant's own feedback, newest first.
  feedbackList: 'GET /feedback/list' as Call<Page<FeedbackItem>>,
  notifications: 'POST /user/notifications' as Call<NotificationPage>,
  notificationsRead: 'POST /user/notifications/read' as Call<{ unread_total: number }>,
  unreadNotificationsCount: 'POST /user/notifications/unread_count' as Call<{ unread_total: number }>,
  property: 'GET /user/property' as Call<Property>,
  flowList: 'GET /transaction_flow/list' as Call<FlowPage>,
  acceptorList: 'GET /acceptor/order/list' as Call<AcceptorPage>,
  // Opens an acceptance with a code of that type: acceptance_code_error (field code) for a wrong, used or
  // other-type code, counted by the guess limit (rate_limited with retry_after once it is reached).
  acceptorDetail: 'POST /acceptor/detail' as Call<AcceptorOrder>,
  // Refusals, in this order: startup_funds_not_returned, pay_password_unset, card_unbound, withdraw_limit_exceeded
  // (field amount, left), pay_password_locked, pay_password_wrong (field password), insufficient_balance (field
  // amount). The same request_id answers the first result.
  withdraw: 'POST /user/withdraw' as Call<WithdrawResult>,
  // pay_password_unset, pay_password_locked (retry_after), pay_password_wrong (field password).
  checkPassword: 'POST /check/password' as Call<Ok>,
  // Needs the transaction password (its MD5 in `password`), checked under the same guess limit as a withdrawal.
  // Refusals, in this order: pay_password_unset; a kind not in withdraw_method_config (field kind), an account
  // number not of its kind (field account, rule bankAccount or walletAddress), not_modified when every field is as
  // bound; pay_password_locked (retry_after), pay_password_wrong (field password).
  bankCardEdit: 'POST /bank_card/edit' as Call<BankCard>,
  bankCardDetail: 'GET /bank_card/detail' as Call<BankCard | null>,
  // pay_password_already_set when one is set: changing it is updatePayPassword.
  setPassword: 'POST /set/password' as Call<Ok>,
  // pay_password_unset, pay_password_locked, wrong_old_password (field old_password; counted as a wrong password).
  updatePayPassword: 'POST /update/pay_password' as Call<Ok>,
} as const;

export type Calls = typeof calls;
export type CallKey = keyof Calls;
type RequestSchemas = typeof Requests;
/** What a call takes: the type of its schema in api/requests/, or nothing for a call without one. */
export type ReqOf<K extends CallKey> = K extends keyof RequestSchemas ? Infer<RequestSchemas[K]> : Record<string, never>;
export type ResOf<K extends CallKey> = Calls[K] extends Call<infer R> ? R : never;

/** A route's parts: method, path, and whether it needs a session and whether it carries a multipart form. */
export function routeOf(route: Route): { method: Method; path: string; auth: boolean; form: boolean } {
  const [method, path, flag] = route.split(' ');
  return { method: method as Method, path, auth: flag !== 'open', form: flag === 'form' };
}

// Every schema in api/requests/ is some call's: a schema under a name no call has would validate nothing, so such
// a name fails the type check here.
type OnlyCalls<Stray extends never> = Stray;
export type StraySchemas = OnlyCalls<Exclude<keyof RequestSchemas, CallKey>>;
