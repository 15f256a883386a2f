import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import * as walletCalls from '../../../api/calls/wallet';
import { ApiError } from '../../../api/client';
import type { WithdrawResult } from '../../../api/shapes/wallet';
import { type AppServices } from '../../../app/context';
import { passwordPrompt } from '../../../kit/prompts';
import { INTL_LOCALE } from '../../../i18n/i18n';
import { fromCents, parseTypedAmount, toCents } from '../../../lib/money';
import { newRequestId } from '../../../lib/request-id';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { PopupFooter } from '../../../ui/popup';
import { useForm } from '../../shared/use-form';
import { lockNotice, reasonOf, wrongAnswer } from '../shared/pay-refusal';
import type { WalletModel } from './model';
import { AMOUNT_ERRORS, BLOCKING, amountForm, isWordedHere } from './withdraw-refusals';

type Model = InstanceType<typeof WalletModel>;

/** `left`: what the level's daily limit still allows today (the server's figure); null without a limit. */
export function WithdrawForm({
  app,
  model,
  balance,
  left,
  account,
  close,
}: {
  app: AppServices;
  model: Model;
  balance: string;
  left: string | null;
  account: string;
  close: (r?: WithdrawResult) => void;
}) {
  useSignals(); // formatMoney reads the currency signal
  // "All" is all that can go out now: the balance, or less when the daily limit leaves less today.
  const most = left !== null && toCents(left) < toCents(balance) ? left : balance;
  const { t, formatMoney, formatNumber, formatDate } = app.i18n;
  const form = useForm(amountForm, { amount: '' }, t);
  const formId = useId();
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

  /**
   * The checks before anything is sent: a correct amount, not 0, not above the available balance, within what
   * the level's daily limit leaves today.
   */
  const check = (): number | null => {
    const c = parseTypedAmount(typed.current, INTL_LOCALE[app.i18n.lang.peek()]);
    if (!c) form.setError('amount', 'withdraw.amountInvalid');
    else if (c > toCents(balance)) form.setError('amount', 'errors.insufficientBalance');
    else if (left !== null && c > toCents(left)) form.setError('amount', AMOUNT_ERRORS.withdraw_limit_exceeded!);
    else return c;
    return null;
  };

  const submit = async () => {
    const c = check();
    if (c === null || busy) return;
    const amount = fromCents(c);
    let result: WithdrawResult | undefined;
    let refused: ApiError | undefined;
    setBusy(true);
    try {
      await passwordPrompt(app.overlays, t, {
        title: t('withdraw.passwordTitle'),
        message: t('withdraw.passwordMessage', { amount: formatMoney(amount) }),
        onOk: async (hash) => {
          try {
            await app.request(walletCalls.checkPassword, { password: hash }, { handles: isWordedHere });
            result = await app.request(
              walletCalls.withdraw,
              { amount, password: hash, request_id: requestId.current },
              { handles: isWordedHere },
            );
            return 'ok';
          } catch (e) {
            // A wrong answer with tries left stays in the prompt; the one that locked closes it, and the sheet says until when.
            const wrong = wrongAnswer(e);
            if (wrong) return wrong;
            if (!(e instanceof ApiError) || !isWordedHere(e)) throw e;
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
    const locked = lockNotice(t, refused);
    if (reason === 'payout_account_held') {
      // A payout account bound or changed lately: when withdrawals open, as a time and as hours from now.
      const { held_until: until, retry_after: seconds = 0 } = refused.data;
      setNotice(
        until
          ? t('withdraw.heldUntil', {
              time: formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }),
              hours: Math.max(1, Math.ceil(seconds / 3600)),
            })
          : t('errors.payoutAccountHeld'),
      );
    } else if (locked) {
      setNotice(locked);
    } else if (BLOCKING.includes(reason)) {
      void model.recheck();
    } else {
      // The balance fell or today's limit was spent meanwhile (a put, a withdrawal elsewhere), or the server read the
      // amount otherwise: on the field, and the figures asked again.
      form.setError('amount', AMOUNT_ERRORS[reason] ?? 'withdraw.amountInvalid');
      void model.property.reload();
    }
  };

  return (
    <Form id={formId} className="ma-withdraw" onSubmit={() => void submit()} aria-label={t('withdraw.title')}>
      <dl className="ma-withdraw__facts">
        <div>
          <dt>{t('wallet.balance')}</dt>
          <dd className="ma-withdraw__balance">{formatMoney(balance)}</dd>
        </div>
        <div>
          <dt>{t('withdraw.to')}</dt>
          <dd className="ma-withdraw__account">{account}</dd>
        </div>
        {left !== null && (
          <div>
            <dt>{t('withdraw.leftToday')}</dt>
            <dd className="ma-withdraw__left">{formatMoney(left)}</dd>
          </div>
        )}
      </dl>
      <div className="ma-cells">
        <Field
          {...form.field('amount')}
          onChange={setAmount}
          label={t('withdraw.amount')}
          placeholder={t('withdraw.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          required
          suffix={
            <button
              type="button"
              className="ma-link ma-withdraw__all"
              onClick={() => setAmount(formatNumber(most, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))}
            >
              {t('withdraw.all')}
            </button>
          }
        />
      </div>
      {notice && (
        <p className="ma-withdraw__notice" role="alert">
          {notice}
        </p>
      )}
      {/* In the sheet's footer: in sight however the middle scrolls. */}
      <PopupFooter>
        <Button type="submit" form={formId} variant="primary" size="large" block loading={busy}>
          {t('withdraw.submit')}
        </Button>
      </PopupFooter>
    </Form>
  );
}
