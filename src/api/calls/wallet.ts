/**
 * The wallet: figures, flows, acceptances, withdrawals, the transaction password and the bound card.
 * One module of the call table (api/calls/index.ts).
 */
import type { Call } from '../call';
import type { AcceptorOrder, AcceptorPage, BankCard, FlowPage, Property, WithdrawResult } from '../shapes/wallet';

type Ok = { ok: true };

export const property = 'GET /user/property' as Call<Property, 'property'>;
export const flowList = 'GET /transaction_flow/list' as Call<FlowPage, 'flowList'>;
export const acceptorList = 'GET /acceptor/order/list' as Call<AcceptorPage, 'acceptorList'>;
// Opens an acceptance with a code of that type: acceptance_code_error (field code) for a wrong, used or
// other-type code, counted by the guess limit (rate_limited with retry_after once it is reached).
export const acceptorDetail = 'POST /acceptor/detail' as Call<AcceptorOrder, 'acceptorDetail'>;
// Refusals, in this order: startup_funds_not_returned, pay_password_unset, card_unbound, withdraw_limit_exceeded
// (field amount, left), pay_password_locked, pay_password_wrong (field password), insufficient_balance (field
// amount). The same request_id answers the first result.
export const withdraw = 'POST /user/withdraw' as Call<WithdrawResult, 'withdraw'>;
// pay_password_unset, pay_password_locked (retry_after), pay_password_wrong (field password).
export const checkPassword = 'POST /check/password' as Call<Ok, 'checkPassword'>;
// Needs the transaction password (its MD5 in `password`), checked under the same guess limit as a withdrawal.
// Refusals, in this order: pay_password_unset; a kind not in withdraw_method_config (field kind), an account
// number not of its kind (field account, rule bankAccount or walletAddress), not_modified when every field is as
// bound; pay_password_locked (retry_after), pay_password_wrong (field password).
export const bankCardEdit = 'POST /bank_card/edit' as Call<BankCard, 'bankCardEdit'>;
export const bankCardDetail = 'GET /bank_card/detail' as Call<BankCard | null, 'bankCardDetail'>;
// pay_password_already_set when one is set: changing it is updatePayPassword.
export const setPassword = 'POST /set/password' as Call<Ok, 'setPassword'>;
// pay_password_unset, pay_password_locked, wrong_old_password (field old_password; counted as a wrong password).
export const updatePayPassword = 'POST /update/pay_password' as Call<Ok, 'updatePayPassword'>;
