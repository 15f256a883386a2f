/**
 * Whether a bound account number fits its kind: read by the bind-card form and the server's service only, so it is
 * in a module of its own that the script tag's core does not import (api/wallet.ts is in the core, whole).
 */
import { walletSchemas, type BindingKind } from './wallet';
import { obj, type Rule } from './schema';

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

/** The binding form: the contract's fields, and the account number's fit to its kind as the server checks it. */
export const bankCardForm = obj(walletSchemas.bankCard.fields, [
  (v) => {
    const rule = typeof v.account === 'string' ? accountRule(v.kind, v.account.trim()) : null;
    return rule ? { field: 'account', rule } : null;
  },
]);
