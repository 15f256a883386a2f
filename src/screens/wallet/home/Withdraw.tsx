import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Reason, type ErrorReason, type WithdrawResult } from '../../../api/contract';
import { obj, str } from '../../../api/schema';
import { useApp, type AppServices } from '../../../app/context';
import { LoadFailed } from '../../../kit';
import { passwordPrompt } from '../../../kit/prompts';
import { newRequestId } from '../../../lib/request-id';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { Skeleton } from '../../../ui/skeleton';
import { useForm } from '../../shared/use-form';
import { maskAccount } from '../shared/mask';
import type { WalletModel } from './model';

type Model = InstanceType<typeof WalletModel>;

/** The amount as typed; its checks are the spec's, worded below (the server parses and checks it again). */
const amountForm = obj({ amount: str({ max: 15 }) });
/**
 * Cents of an amount in the contract's money format (up to 12 digits and 2 decimals), else null; and back. Here
 * rather than lib/money's: every file the wallet imports is named in the script tag's table of files (about 40 B
 * each), and the script tag is at its budget. 12 digits of cents stay far below 2^53, so the arithmetic is exact.
 */
const cents = (s: string): number | null => {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};
const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

// The wallet's own reasons, typed against the contract's union: importing WalletReason would carry api/wallet.ts's
// constants into the script tag's core (a module the core's contract imports lands in the core).
const LOCKED: ErrorReason = 'pay_password_locked';
const CARD_UNBOUND: ErrorReason = 'card_unbound';

const reasonOf = (e: unknown): ErrorReason | undefined => (e instanceof ApiError ? e.data.reason : undefined);
/** Refusals that mean the screen's figures were out of date: it asks again, and the sheet shows the refusal. */
const BLOCKING: readonly ErrorReason[] = [Reason.STARTUP_FUNDS, Reason.PAY_PASSWORD_UNSET, CARD_UNBOUND];
/** What this sheet words itself, on the amount, in the password dialog or as its own notice. */
const OURS: readonly ErrorReason[] = [...BLOCKING, Reason.PAY_PASSWORD_WRONG, LOCKED, Reason.INSUFFICIENT_BALANCE, Reason.AMOUNT_INVALID];
const claimOurs = (e: ApiError) => OURS.includes(e.data.reason!);

/** Opens the withdrawal sheet; resolves with the withdrawal's answer, or undefined when nothing was withdrawn. */
export function openWithdraw(app: AppServices, model: Model): Promise<WithdrawResult | undefined> {
  return app.overlays.open<WithdrawResult>((close) => <WithdrawSheet model={model} close={close} />, {
    title: app.i18n.t('withdraw.title'),
    position: 'bottom',
    closeable: true,
    className: 'ma-withdraw__sheet',
  });
}

/**
 * Spec §5's withdrawal: what blocks it first (start-up funds not returned, no transaction password, nothing bound
 * to pay to), each with the way to fix it; then the amount, checked here before anything is sent.
 */
function WithdrawSheet({ model, close }: { model: Model; close: (r?: WithdrawResult) => void }) {
  useSignals();
  const app = useApp();
  const { t } = app.i18n;
  const p = model.property.data.value;
  const card = model.card.data.value;
  if (p === undefined || card === undefined) {
    const failed = model.property.error.value !== undefined || model.card.error.value !== undefined;
    return failed
      ? <LoadFailed bare text={t('wallet.loadFailed')} onRetry={() => void model.recheck()} />
      : <Skeleton className="ma-withdraw__skeleton" title rows={2} />;
  }
  const go = (path: string) => () => {
    close();
    app.router.navigate(path);
  };
  const block: [string, string, () => void] | null = !p.startup_funds_returned
    ? ['errors.startupFunds', 'withdraw.contactService', () => { close(); app.openCustomerService(); }]
    : !p.pay_password_set
      ? ['errors.payPasswordUnset', 'withdraw.setPassword', go('/wallet/set-password')]
      : !card
        ? ['errors.cardUnbound', 'withdraw.bindCard', go('/wallet/bind-card')]
        : null;
  if (block) {
    return (
      <div className="ma-withdraw ma-withdraw__blocked">
        <p className="ma-withdraw__reason" role="alert">{t(block[0])}</p>
        <Button variant="primary" size="large" block onClick={block[2]}>{t(block[1])}</Button>
      </div>
    );
  }
  return <WithdrawForm app={app} model={model} balance={p.balance} account={`${card!.bank_name} ${maskAccount(card!.account)}`} close={close} />;
}

function WithdrawForm({ app, model, balance, account, close }: {
  app: AppServices; model: Model; balance: string; account: string; close: (r?: WithdrawResult) => void;
}) {
  const { t, formatMoney } = app.i18n;
  const form = useForm(amountForm, { amount: '' }, t);
  // What was typed, synchronously (a tap on Withdraw can come before the re-render of the last keystroke).
  const typed = useRef('');
  // One id per amount: a confirmation retried after a lost answer is the same withdrawal to the server (applied
  // once, answered with the first result); another amount is another withdrawal.
  const requestId = useRef(newRequestId());
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const setAmount = (v: string) => {
    if (v.trim() !== typed.current.trim()) requestId.current = newRequestId();
    typed.current = v;
    form.set('amount', v);
    setNotice('');
  };

  /** Spec §5's checks before anything is sent: a correct amount, not 0, not above the available balance. */
  const check = (): number | null => {
    const c = cents(typed.current);
    if (!c) form.setError('amount', 'withdraw.amountInvalid');
    else if (c > cents(balance)!) form.setError('amount', 'errors.insufficientBalance');
    else return c;
    return null;
  };

  const submit = async () => {
    const c = check();
    if (c === null || busy) return;
    const amount = money(c);
    let result: WithdrawResult | undefined;
    let refused: ApiError | undefined;
    setBusy(true);
    try {
      await passwordPrompt(app.overlays, t, {
        title: t('withdraw.passwordTitle'),
        message: t('withdraw.passwordMessage', { amount: formatMoney(amount) }),
        onOk: async (hash) => {
          try {
            await app.request('checkPassword', { password: hash }, { claims: claimOurs });
            result = await app.request('withdraw', { amount, password: hash, request_id: requestId.current }, { claims: claimOurs });
            return 'ok';
          } catch (e) {
            if (reasonOf(e) === Reason.PAY_PASSWORD_WRONG) return 'wrong';
            if (!(e instanceof ApiError) || !claimOurs(e)) throw e;
            // Nothing the password can fix: the dialog closes and the sheet says what happened.
            refused = e;
            return 'ok';
          }
        },
      });
    } finally {
      setBusy(false);
    }
    if (result) {
      app.overlays.toast.success(t('withdraw.done', { amount: formatMoney(result.flow.amount.replace('-', '')) }));
      close(result);
      return;
    }
    const reason = reasonOf(refused);
    if (!refused || !reason) return;
    if (reason === LOCKED) {
      setNotice(t('payPassword.lockedFor', { minutes: Math.max(1, Math.ceil((refused.data.retry_after ?? 60) / 60)) }));
    } else if (BLOCKING.includes(reason)) {
      void model.recheck();
    } else {
      // The balance fell meanwhile (a put elsewhere), or the server read the amount otherwise: on the field.
      form.setError('amount', reason === Reason.INSUFFICIENT_BALANCE ? 'errors.insufficientBalance' : 'withdraw.amountInvalid');
      void model.property.reload();
    }
  };

  return (
    <Form className="ma-withdraw" onSubmit={() => void submit()} aria-label={t('withdraw.title')}>
      <dl className="ma-withdraw__facts">
        <div>
          <dt>{t('wallet.balance')}</dt>
          <dd className="ma-withdraw__balance">{formatMoney(balance)}</dd>
        </div>
        <div>
          <dt>{t('withdraw.to')}</dt>
          <dd className="ma-withdraw__account">{account}</dd>
        </div>
      </dl>
      <div className="ma-cells">
        <Field
          {...form.field('amount')}
          onChange={setAmount}
          label={t('withdraw.amount')}
          placeholder={t('withdraw.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={15}
          required
          suffix={<button type="button" className="ma-link ma-withdraw__all" onClick={() => setAmount(balance)}>{t('withdraw.all')}</button>}
        />
      </div>
      {notice && <p className="ma-withdraw__notice" role="alert">{notice}</p>}
      <div className="ma-form-actions">
        <Button type="submit" variant="primary" size="large" block loading={busy}>{t('withdraw.submit')}</Button>
      </div>
    </Form>
  );
}
