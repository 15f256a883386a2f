import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef } from 'react';
import * as planCalls from '../../../api/calls/plan';
import type { Plan, PutResult } from '../../../api/shapes/plan';
import { useApp } from '../../../app/context';
import { ResourceView, useModel } from '../../../kit';
import { newRequestId } from '../../../lib/request-id';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { PopupFooter } from '../../../ui/popup';
import { INTL_LOCALE } from '../../../i18n/i18n';
import { Skeleton } from '../../../ui/skeleton';
import { useForm } from '../../shared/use-form';
import { fromCents, parseTypedAmount, toCents } from '../../../lib/money';
import { PutModel, amountForm, couponOff, meets, stale } from './put-model';
import { PutCoupons } from './PutCoupons';
import { usePlanStyles } from '../shared/styles';
import css from './put.css';

export interface PutDialogProps {
  plan: Plan;
  onDone: (r: PutResult) => void;
  /** The plan was put meanwhile (another tab or device): nothing was taken; the caller refreshes. */
  onStale: () => void;
}

/**
 * Putting a waiting plan (docs/product.md, "Plans"): an amount within the plan's lowest and highest, checked against the available
 * balance after the chosen coupon; official or non-official push; an optional put coupon that fits the amount.
 * Every problem shows under its field at once and what was typed stays; the server checks the same again. One
 * request id per dialog, so a confirmation retried after a lost answer is applied once (the server returns the
 * first result). The confirm button shows loading and takes one tap at a time.
 */
export function PutDialog({ plan, onDone, onStale }: PutDialogProps) {
  useSignals();
  const app = useApp();
  usePlanStyles(app);
  app.addStyles('plan-put', css);
  const { t, formatMoney } = app.i18n;
  const model = useModel(() => new PutModel(app));
  // One id per request: confirmed again after a lost answer, the same figures are the same put to the server
  // (answered with the first result); another amount, push kind or coupon is another request with an id of its own
  // (the server refuses an id reused for other figures).
  const request = useRef({ of: '', id: '' });
  // The amount as the merchant types it in their language (German `150,5`), in cents; null when it is no amount.
  const typedCents = (s: string) => parseTypedAmount(s, INTL_LOCALE[app.i18n.lang.value]);
  const formId = useId();
  // The push kind starts as the plan has it: putting a non-official plan keeps it non-official unless changed.
  const form = useForm(
    amountForm,
    { amount: '', official: plan.official, coupon_id: undefined as number | undefined },
    t,
    {
      fieldReasons: {
        amount_invalid: ['amount', 'errors.amountInvalid'],
        amount_out_of_range: ['amount', 'errors.amountRange'],
        insufficient_balance: ['amount', 'errors.insufficientBalance'],
        coupon_used: ['coupon_id', 'errors.couponUsed'],
        coupon_expired: ['coupon_id', 'errors.couponExpired'],
        coupon_requirement_unmet: ['coupon_id', 'errors.couponRequirementUnmet'],
        coupon_not_applicable: ['coupon_id', 'errors.couponNotApplicable'],
      },
    },
  );
  // What was typed and chosen, synchronously: a tap on Confirm can come before the re-render that carries the last
  // keystroke or choice.
  const typed = useRef('');
  const chosen = useRef<{ official: boolean; coupon_id?: number }>({ official: plan.official });
  const choose = (c: Partial<typeof chosen.current>) => {
    chosen.current = { ...chosen.current, ...c };
    if ('official' in c) form.set('official', chosen.current.official);
    if ('coupon_id' in c) form.set('coupon_id', chosen.current.coupon_id);
  };
  const pushGroup = useId();

  const coupons = model.coupons.data.value ?? [];
  const coupon = coupons.find((c) => c.id === form.values.coupon_id);
  const amountCents = typedCents(form.values.amount);
  const off = coupon && amountCents ? couponOff(coupon, amountCents) : 0;
  const balance = model.property.data.value?.balance;

  /** The three checks (valid, in range, balance enough), before anything is sent; false when one failed (shown on its field). */
  const check = (): boolean => {
    const cents = typedCents(typed.current);
    let ok = true;
    if (!cents) {
      form.setError('amount', 'errors.amountInvalid');
      ok = false;
    } else if (cents < toCents(plan.lowest_put_amount) || cents > toCents(plan.highest_put_amount)) {
      form.setError('amount', 'errors.amountRange');
      ok = false;
    } else {
      const c = coupons.find((x) => x.id === chosen.current.coupon_id);
      const pay = cents - (c ? couponOff(c, cents) : 0);
      if (balance !== undefined && pay > toCents(balance)) {
        form.setError('amount', 'errors.insufficientBalance');
        ok = false;
      }
      if (c && !meets(c, cents)) {
        form.setError('coupon_id', 'errors.couponRequirementUnmet');
        ok = false;
      }
    }
    return ok;
  };

  const submit = () => {
    if (!check()) return;
    return form.submit(async () => {
      const { official, coupon_id } = chosen.current;
      // The wire's decimal string of what check() accepted, whatever marks the merchant typed.
      const amount = fromCents(typedCents(typed.current)!);
      try {
        const of = `${amount} ${official} ${coupon_id}`;
        if (request.current.of !== of) request.current = { of, id: newRequestId() };
        const r = await app.request(
          planCalls.planPut,
          { id: plan.id, amount, official, coupon_id, request_id: request.current.id },
          { handles: (e) => form.handles(e) || stale(e) },
        );
        app.overlays.toast.success(t('put.done', { amount: formatMoney(r.paid) }));
        onDone(r);
      } catch (e) {
        if (!stale(e)) throw e;
        app.overlays.toast.fail(t('errors.planNotWaiting'));
        onStale();
      }
    });
  };

  return (
    <Form id={formId} className="ma-put" onSubmit={() => void submit()} aria-label={t('put.title')}>
      <p className="ma-put__plan">
        <span className="ma-put__product">{plan.product.name}</span>
        <span className="ma-put__no">{t('plan.no', { no: plan.plan_no })}</span>
      </p>
      <div className="ma-cells">
        <Field
          {...form.field('amount')}
          onChange={(v) => {
            typed.current = v;
            form.set('amount', v);
          }}
          label={t('put.amount')}
          placeholder={t('put.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={15}
          required
        />
      </div>
      <dl className="ma-put__facts">
        <div>
          <dt>{t('put.range')}</dt>
          <dd>
            {t('put.rangeValue', {
              min: formatMoney(plan.lowest_put_amount),
              max: formatMoney(plan.highest_put_amount),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('put.balance')}</dt>
          <dd>
            <ResourceView
              resource={model.property}
              inline
              failed={t('put.balanceFailed')}
              skeleton={<Skeleton className="ma-put__skeleton" rows={1} />}
            >
              {(p) => <span className="ma-put__balance">{formatMoney(p.balance)}</span>}
            </ResourceView>
          </dd>
        </div>
      </dl>

      <fieldset className="ma-put__group">
        <legend id={pushGroup} className="ma-put__legend">
          {t('put.push')}
        </legend>
        <div className="ma-put__choices ma-put__choices--row">
          {[true, false].map((official) => (
            <label key={String(official)} className="ma-put__choice">
              <input
                type="radio"
                name={`${pushGroup}-push`}
                checked={form.values.official === official}
                onChange={() => choose({ official })}
              />
              <span>{t(official ? 'plan.official' : 'plan.nonOfficial')}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <PutCoupons
        app={app}
        coupons={coupons}
        chosen={form.values.coupon_id}
        amountCents={amountCents}
        error={form.error('coupon_id')}
        onChoose={(coupon_id) => choose({ coupon_id })}
      />

      {amountCents ? (
        <p className="ma-put__pay" aria-live="polite">
          {off > 0 && (
            <span className="ma-put__off">{t('put.couponOff', { amount: formatMoney(fromCents(off)) })}</span>
          )}
          <span>{t('put.pay', { amount: formatMoney(fromCents(amountCents - off)) })}</span>
        </p>
      ) : null}

      <PopupFooter>
        <Button type="submit" form={formId} variant="primary" size="large" block loading={form.busy}>
          {t('put.confirm')}
        </Button>
      </PopupFooter>
    </Form>
  );
}
