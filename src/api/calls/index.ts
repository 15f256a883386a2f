/**
 * The call table: every call between the SDK and the reference server, one export each, as its method and path,
 * with the type of what it answers and its own name. The server registers its routes from the whole table and
 * validates each call's input with the schema of the same name in api/requests/, so the two cannot drift apart.
 *
 * The SDK's files import the module of their area, never this index (`import * as walletCalls from
 * '../../../api/calls/wallet'`, then `app.request(walletCalls.withdraw, …)`), which the lint refuses
 * (eslint.config.mjs): a file then carries only its area's calls, and the script tag only the ones the signed-out
 * app and the session make.
 *
 * An entry is a string, which is all the SDK carries: `METHOD /path`, then `open` for a call that needs no session
 * or `form` for a multipart upload. Field names are snake_case; money is a decimal string ("12.50"), times are
 * ISO 8601. Every export of these modules is a call (api/call.ts checks that each carries its own name).
 */
export * from './sign-in';
export * from './account';
export * from './ad-center';
export * from './plan';
export * from './messages';
export * from './wallet';
export type { Call, CallKey, ReqOf, ResOf } from '../call';
