/** What the wallet's calls accept, each named after its call in api/calls/. Passwords travel as MD5 digests. */
import { ACCEPTOR_TYPES } from '../shapes/wallet';
import { differs, matches, obj } from '../schema/object';
import { md5hex } from '../schema/digest';
import { secret, str } from '../schema/text';
import { oneOf, opt } from '../schema/choice';
import { money } from '../schema/numbers';
import { bindingFields } from './bank-card';
import { paging } from './paging';

// month (YYYY-MM, in the merchant's zone from X-TZ) narrows the ledger to one month.
export const flowList = obj({ month: opt(str({ pattern: /^\d{4}-\d{2}$/ })), ...paging });
export const acceptorList = obj({ ...paging });
export const acceptorDetail = obj({ type: oneOf(ACCEPTOR_TYPES), code: str({ max: 64 }) });
export const withdraw = obj({
  amount: money({ positive: true }),
  password: md5hex(),
  request_id: str({ min: 8, max: 64 }),
});
export const checkPassword = obj({ password: md5hex() });
// The first one needs the login password as well (sent as login sends it), so a session alone cannot set it. A
// merchant without one (a partner's, signed in through its links) sends none: a fresh signed sign-in stands in for
// it, and the server asks a merchant who has one for it (login_password required).
export const setPassword = obj(
  { password: md5hex(), confirm_password: md5hex(), login_password: opt(secret({ max: 64 })) },
  [matches('password', 'confirm_password')],
);
// The old transaction password and the new one twice.
export const updatePayPassword = obj({ old_password: md5hex(), password: md5hex(), confirm_password: md5hex() }, [
  differs('old_password', 'password'),
  matches('password', 'confirm_password'),
]);
// Binding sends the fields with the transaction password's MD5: where withdrawals go is the password's to change.
export const bankCardEdit = obj(bindingFields({ password: md5hex() }));
