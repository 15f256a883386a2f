/**
 * The bound bank card or wallet address (`/bank_card/detail`, `/bank_card/edit`): one per merchant. The
 * kind must be one that withdraw_method_config offers; a wallet address has no bank address or branch (stored
 * empty, whatever was sent). The account number must fit its kind (accountRule: a bank account's digits are stored
 * without the spaces typed between groups). Editing to exactly what is bound is refused (not_modified), so a screen
 * that submits nothing new learns it. Inputs arrive trimmed (the schema's str()). The transaction password that a
 * binding needs is the route's to prove (http/pay-guess.ts), after bankCardChange has said the change is one; the
 * write holds only while that proof does (assertProofHolds, in the write's transaction).
 *
 * Every binding or change records when (changed_at, the server's clock): withdrawals wait PAYOUT_HOLD_HOURS after
 * it (payoutHeldUntil, judged by services/withdraw.ts), and the merchant's inbox is told in the same transaction,
 * so a payout redirected with a stolen session is seen before any money can follow it.
 */
import type { WithdrawMethod } from '../../src/api/shapes/config';
import { PAYOUT_HOLD_HOURS, type BankCard, type BindingKind } from '../../src/api/shapes/wallet';
import { accountRule, bankAccountDigits } from '../../src/api/requests/bank-card';
import { stmt, type DB } from '../db/index';
import { configValue } from './config';
import { InvalidInput, Refusal } from './errors';
import { assertProofHolds, type PayProof } from './pay-password';
import { noteSecurityChange } from './security-notices';

const HOLD_MS = PAYOUT_HOLD_HOURS * 3_600_000;

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

/** When withdrawals to the bound account open (epoch ms), or null when nothing is bound. */
export function payoutHeldUntil(db: DB, userId: number): number | null {
  const changed = stmt<{ at: number }>(db, 'SELECT changed_at AS at FROM bank_cards WHERE user_id = ?').get(userId)?.at;
  return changed === undefined ? null : changed + HOLD_MS;
}

/** Binds or rebinds (the transaction password proved by `proof`), starting the payout hold, with its inbox message. */
export function editBankCard(db: DB, userId: number, input: BankCardInput, proof: PayProof, now: Date): BankCard {
  return db.transaction(() => {
    assertProofHolds(db, userId, proof, now.getTime(), 'pay_password_wrong', 'password');
    const card = bankCardChange(db, userId, input);
    const first = !bankCardOf(db, userId);
    const at = now.toISOString();
    stmt(db, `INSERT INTO bank_cards (user_id, kind, bank_name, user_name, mobile, account, bank_address, branch, updated_at, changed_at)
      VALUES (@user, @kind, @bank_name, @user_name, @mobile, @account, @bank_address, @branch, @at, @changed)
      ON CONFLICT (user_id) DO UPDATE SET kind = excluded.kind, bank_name = excluded.bank_name, user_name = excluded.user_name,
        mobile = excluded.mobile, account = excluded.account, bank_address = excluded.bank_address, branch = excluded.branch,
        updated_at = excluded.updated_at, changed_at = excluded.changed_at`).run({ user: userId, at, changed: now.getTime(), ...card });
    noteSecurityChange(db, userId, { kind: 'payout_changed', binding: card.kind, account: card.account, first }, at, PAYOUT_HOLD_HOURS);
    return bankCardOf(db, userId)!;
  }).immediate();
}
