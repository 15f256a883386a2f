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
 * so a payout redirected with a stolen session is seen before any money can follow it. The change takes the
 * merchant's wallet lock first, as a withdrawal does (services/withdraw.ts): on any number of processes a
 * withdrawal is judged wholly before or wholly after a rebinding, never with half of each.
 */
import type { WithdrawMethod } from '../../src/api/shapes/config';
import { PAYOUT_HOLD_HOURS, type BankCard, type BindingKind } from '../../src/api/shapes/wallet';
import { accountRule, bankAccountDigits } from '../../src/api/requests/bank-card';
import type { Db } from '../storage/engine';
import { inTransaction } from '../storage/transaction';
import { bankCardChangedAt, findBankCard, lockWallet, upsertBankCard } from '../storage/wallet';
import { configValue } from './config';
import { InvalidInput, Refusal } from './errors';
import { assertProofHolds, type PayProof } from './pay-password';
import { noteSecurityChange } from './security-notices';

const HOLD_MS = PAYOUT_HOLD_HOURS * 3_600_000;

export interface BankCardInput {
  kind: BindingKind;
  bank_name: string;
  user_name: string;
  mobile: string;
  account: string;
  bank_address?: string | undefined;
  branch?: string | undefined;
}

const FIELDS = ['kind', 'bank_name', 'user_name', 'mobile', 'account', 'bank_address', 'branch'] as const;

export async function bankCardOf(db: Db, userId: number): Promise<BankCard | null> {
  return ((await findBankCard(db, userId)) as BankCard | undefined) ?? null;
}

/**
 * The binding `input` asks for, as it would be stored, or the refusal that needs no password: a kind config does
 * not offer, an account number that does not fit its kind, exactly what is bound already.
 */
export async function bankCardChange(db: Db, userId: number, input: BankCardInput): Promise<BankCard> {
  const kinds = new Set((await configValue<WithdrawMethod[]>(db, 'withdraw_method_config', [])).map((m) => m.kind));
  if (!kinds.has(input.kind)) throw new InvalidInput('kind', 'enum');
  const rule = accountRule(input.kind, input.account);
  if (rule) throw new InvalidInput('account', rule);
  const wallet = input.kind === 'wallet';
  const card: BankCard = {
    kind: input.kind,
    bank_name: input.bank_name,
    user_name: input.user_name,
    mobile: input.mobile,
    account: wallet ? input.account : bankAccountDigits(input.account),
    bank_address: wallet ? '' : (input.bank_address ?? ''),
    branch: wallet ? '' : (input.branch ?? ''),
  };
  const bound = await bankCardOf(db, userId);
  if (bound && FIELDS.every((f) => bound[f] === card[f])) throw new Refusal('not_modified');
  return card;
}

/** When withdrawals to the bound account open (epoch ms), or null when nothing is bound. */
export async function payoutHeldUntil(db: Db, userId: number): Promise<number | null> {
  const changed = await bankCardChangedAt(db, userId);
  return changed === undefined ? null : changed + HOLD_MS;
}

/** Binds or rebinds (the transaction password proved by `proof`), starting the payout hold, with its inbox message. */
export async function editBankCard(
  db: Db,
  userId: number,
  input: BankCardInput,
  proof: PayProof,
  now: Date,
): Promise<BankCard> {
  return inTransaction(db, async (trx) => {
    await lockWallet(trx, userId);
    await assertProofHolds(trx, userId, proof, now.getTime(), 'pay_password_wrong', 'password');
    const card = await bankCardChange(trx, userId, input);
    const first = !(await bankCardOf(trx, userId));
    const at = now.toISOString();
    await upsertBankCard(trx, userId, card, at, now.getTime());
    await noteSecurityChange(
      trx,
      userId,
      { kind: 'payout_changed', binding: card.kind, account: card.account, first },
      at,
      PAYOUT_HOLD_HOURS,
    );
    return (await bankCardOf(trx, userId))!;
  });
}
