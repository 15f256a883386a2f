/**
 * A binding (where withdrawals are paid to): its fields, and whether an account number fits its kind. The
 * bind-card form and the server read these; the binding call's own schema is `bankCardEdit` in ./wallet.
 */
import { BINDING_KINDS, type BindingKind } from '../shapes/wallet';
import { obj } from '../schema/object';
import { str } from '../schema/text';
import type { Field, Rule } from '../schema/types';
import { oneOf, opt } from '../schema/choice';

/** A binding's fields and `extra`: a function, so each schema built from them has fields of its own. */
/*#__NO_SIDE_EFFECTS__*/
export function bindingFields<X extends Record<string, Field<unknown>>>(extra: X) {
  return {
    kind: oneOf(BINDING_KINDS),
    bank_name: str({ max: 64 }),
    user_name: str({ max: 64 }),
    mobile: str({ max: 24, format: 'phone' }),
    account: str({ max: 64 }),
    bank_address: opt(str({ max: 200 })),
    branch: opt(str({ max: 100 })),
    ...extra,
  };
}

/** A bank account's digits, without the spaces typed between groups (what is checked and stored). */
export const bankAccountDigits = (account: string) => account.replace(/\s+/g, '');

/**
 * Null when the account number fits its kind, else the rule it breaks: a bank account is 8 to 34 digits once
 * spaces are removed, a wallet address 26 to 64 Latin letters and digits. Anything shorter (`12`) cannot be paid
 * to, and its masked form says nothing.
 */
export function accountRule(kind: BindingKind, account: string): Rule | null {
  if (kind === 'wallet') return /^[A-Za-z0-9]{26,64}$/.test(account) ? null : 'walletAddress';
  return /^[0-9]{8,34}$/.test(bankAccountDigits(account)) ? null : 'bankAccount';
}

/** The binding form: the binding's fields, and the account number's fit to its kind as the server checks it. */
export const bankCardForm = obj(bindingFields({}), [
  (v) => {
    const rule = typeof v.account === 'string' ? accountRule(v.kind, v.account.trim()) : null;
    return rule ? { field: 'account', rule } : null;
  },
]);
