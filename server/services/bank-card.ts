/**
 * The bound bank card or wallet address (`/bank_card/detail`, `/bank_card/edit`): one per merchant. The
 * kind must be one that withdraw_method_config offers; a wallet address has no bank address or branch (stored
 * empty, whatever was sent). The account number must fit its kind (accountRule: a bank account's digits are stored
 * without the spaces typed between groups). Editing to exactly what is bound is refused (not_modified), so a screen
 * that submits nothing new learns it. Inputs arrive trimmed (the schema's str()). The transaction password that a
 * binding needs is the route's to prove (http/pay-guess.ts), after bankCardChange has said the change is one.
 */
import type { WithdrawMethod } from '../../src/api/shapes/config';
import type { BankCard, BindingKind } from '../../src/api/shapes/wallet';
import { accountRule, bankAccountDigits } from '../../src/api/requests/bank-card';
import { stmt, type DB } from '../db/index';
import { configValue } from './config';
import { InvalidInput, Refusal } from './errors';

export interface BankCardInput {
  kind: BindingKind; bank_name: string; user_name: string; mobile: string; account: string;
  bank_address?: string | undefined; branch?: string | undefined;
}

const FIELDS = ['kind', 'bank_name', 'user_name', 'mobile', 'account', 'bank_address', 'branch'] as const;

export function bankCardOf(db: DB, userId: number): BankCard | null {
  return stmt<BankCard>(db, `SELECT kind, bank_name, user_name, mobile, account, bank_address, branch FROM bank_cards WHERE user_id = ?`)
    .get(userId) ?? null;
}

/**
 * The binding `input` asks for, as it would be stored, or the refusal that needs no password: a kind config does
 * not offer, an account number that does not fit its kind, exactly what is bound already.
 */
export function bankCardChange(db: DB, userId: number, input: BankCardInput): BankCard {
  const kinds = new Set(configValue<WithdrawMethod[]>(db, 'withdraw_method_config', []).map((m) => m.kind));
  if (!kinds.has(input.kind)) throw new InvalidInput('kind', 'enum');
  const rule = accountRule(input.kind, input.account);
  if (rule) throw new InvalidInput('account', rule);
  const wallet = input.kind === 'wallet';
  const card: BankCard = {
    kind: input.kind, bank_name: input.bank_name, user_name: input.user_name, mobile: input.mobile,
    account: wallet ? input.account : bankAccountDigits(input.account),
    bank_address: wallet ? '' : input.bank_address ?? '', branch: wallet ? '' : input.branch ?? '',
  };
  const bound = bankCardOf(db, userId);
  if (bound && FIELDS.every((f) => bound[f] === card[f])) throw new Refusal('not_modified');
  return card;
}

export function editBankCard(db: DB, userId: number, input: BankCardInput, at: string): BankCard {
  return db.transaction(() => {
    const card = bankCardChange(db, userId, input);
    stmt(db, `INSERT INTO bank_cards (user_id, kind, bank_name, user_name, mobile, account, bank_address, branch, updated_at)
      VALUES (@user, @kind, @bank_name, @user_name, @mobile, @account, @bank_address, @branch, @at)
      ON CONFLICT (user_id) DO UPDATE SET kind = excluded.kind, bank_name = excluded.bank_name, user_name = excluded.user_name,
        mobile = excluded.mobile, account = excluded.account, bank_address = excluded.bank_address, branch = excluded.branch,
        updated_at = excluded.updated_at`).run({ user: userId, at, ...card });
    return bankCardOf(db, userId)!;
  }).immediate();
}
