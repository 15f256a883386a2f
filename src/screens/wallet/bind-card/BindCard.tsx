import { untracked } from '@preact/signals-react';
import { useId, useRef, useState } from 'react';
import * as walletCalls from '../../../api/calls/wallet';
import { ApiError } from '../../../api/client';
import { type ErrorReason } from '../../../api/reasons';
import { BINDING_KINDS, type BankCard, type BindingKind } from '../../../api/shapes/wallet';
import { bankCardForm } from '../../../api/requests/bank-card';
import { useApp, type AppServices } from '../../../app/context';
import { createModel, createResource, loadFailures, ResourceView, useModel } from '../../../kit';
import { passwordPrompt } from '../../../kit/prompts';
import { lockNotice, reasonOf, wrongAnswer } from '../shared/pay-refusal';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { Skeleton } from '../../../ui/skeleton';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';

type Text = Exclude<keyof BankCard, 'kind'>;
/** The fields of each kind, in order; a wallet address has no bank address or branch. */
const FIELDS: Record<BindingKind, readonly Text[]> = {
  bank: ['bank_name', 'user_name', 'mobile', 'account', 'bank_address', 'branch'],
  wallet: ['bank_name', 'user_name', 'mobile', 'account'],
};
const OPTIONAL: readonly Text[] = ['bank_address', 'branch'];
const EMPTY: BankCard = {
  kind: 'bank',
  bank_name: '',
  user_name: '',
  mobile: '',
  account: '',
  bank_address: '',
  branch: '',
};

/**
 * The bound card (or none), whether a transaction password is set (binding needs it), and basic config's
 * withdrawal methods, which say which kinds may be bound: config is kept out of storage (docs/product.md, "Stored locally"), so a first
 * visit may come before the app's load of it.
 */
const BindModel = createModel((app: AppServices) => ({
  card: createResource((s) =>
    untracked(async () => {
      const [card, property] = await Promise.all([
        app.request(walletCalls.bankCardDetail, undefined, { signal: s, handles: loadFailures }),
        app.request(walletCalls.property, undefined, { signal: s, handles: loadFailures }),
        app.config.config.peek().withdraw_method_config ? null : app.config.load(app.i18n.lang.value),
      ]);
      return { card, passwordSet: property.pay_password_set };
    }),
  ),
}));

/** Refusals the binding words itself: in the password dialog, on a field, as the form's notice, or by reloading. */
const OURS: readonly ErrorReason[] = [
  'pay_password_wrong',
  'pay_password_locked',
  'pay_password_unset',
  'not_modified',
];

/**
 * Binding a bank card or a wallet address (docs/product.md, "Withdrawal"): the kinds basic config's withdraw_method_config
 * offers (a choice when it offers both), each with its fields, filled from the bound one. Submit is enabled once
 * something differs from what is bound. Where withdrawals go is the transaction password's to change: binding
 * asks for it (the kit's 6-digit prompt), and with none set yet the screen leads to setting one instead.
 */
export function BindCard(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const m = useModel(() => new BindModel(app));
  return (
    <ResourceView
      resource={m.card}
      failed={t('bindCard.loadFailed')}
      skeleton={<Skeleton className="ma-page" title rows={6} />}
    >
      {({ card, passwordSet }) =>
        passwordSet ? (
          <CardForm key={JSON.stringify(card)} app={app} card={card} onStale={() => void m.card.reload()} />
        ) : (
          <div className="ma-center">
            <p>{t('bindCard.passwordFirst')}</p>
            <Button variant="primary" onClick={() => app.router.navigate('/wallet/set-password')}>
              {t('payPassword.set')}
            </Button>
          </div>
        )
      }
    </ResourceView>
  );
}

function CardForm({ app, card, onStale }: { app: AppServices; card: BankCard | null; onStale: () => void }) {
  const t = app.i18n.t;
  const configured = (app.config.config.value.withdraw_method_config ?? []).map((w) => w.kind);
  const kinds = BINDING_KINDS.filter((k) => configured.includes(k));
  const base: BankCard = card ?? { ...EMPTY, kind: kinds[0] ?? 'bank' };
  // A bound kind that config no longer offers starts on one it does (and counts as a change).
  const form = useForm(
    bankCardForm,
    { ...base, kind: kinds.includes(base.kind) ? base.kind : (kinds[0] ?? base.kind) },
    t,
  );
  const kindId = useId();
  // The chosen kind, synchronously: a tap on submit can come before the re-render that carries the choice.
  const chosen = useRef(form.values.kind);
  const v = form.values;
  const fields = FIELDS[v.kind];
  const changed = v.kind !== base.kind || fields.some((f) => v[f].trim() !== base[f]);
  // The lock's notice (too many wrong passwords), over the button.
  const [notice, setNotice] = useState('');

  if (!kinds.length) {
    return (
      <div className="ma-center">
        <p>{t('bindCard.noMethods')}</p>
        <Button variant="primary" onClick={() => app.openCustomerService()}>
          {t('header.customerService')}
        </Button>
      </div>
    );
  }

  const submit = () => {
    // A wallet address carries no bank address or branch: what was typed there before switching is not checked or sent.
    if (chosen.current === 'wallet') for (const f of OPTIONAL) form.set(f, '');
    setNotice('');
    return form.submit(async (data) => {
      let refused: ApiError | undefined;
      const bound = await passwordPrompt(app.overlays, t, {
        title: t('wallet.payPassword'),
        message: t(card ? 'bindCard.rebindPassword' : 'bindCard.bindPassword'),
        onOk: async (password) => {
          try {
            await app.request(
              walletCalls.bankCardEdit,
              { ...data, password },
              { handles: (e) => form.handles(e) || OURS.includes(e.data.reason!) },
            );
            return 'ok';
          } catch (e) {
            // A wrong answer with tries left stays in the prompt; the one that locked closes it, and the form says until when.
            const wrong = wrongAnswer(e);
            if (wrong) return wrong;
            if (!(e instanceof ApiError) || !(form.handles(e) || OURS.includes(e.data.reason!))) throw e;
            // Nothing the password can fix: the dialog closes and the form says what happened.
            refused = e;
            return 'ok';
          }
        },
      });
      if (!bound) return;
      const reason = reasonOf(refused);
      const locked = lockNotice(t, refused);
      if (locked) return setNotice(locked);
      if (reason === 'not_modified') app.overlays.toast.text(t('errors.notModified'));
      // Already bound as typed (saved from elsewhere), or the password was removed meanwhile: show what is true now.
      if (reason === 'not_modified' || reason === 'pay_password_unset') return onStale();
      // A field's refusal lands on its field.
      if (refused) throw refused;
      app.overlays.toast.success(t(card ? 'bindCard.rebound' : 'bindCard.bound'));
      app.back();
    });
  };

  const label = (f: Text) => t(`bindCard.${v.kind}.${f}`);
  return (
    <Form className="ma-bind" onSubmit={() => void submit()} aria-label={t('routes.wallet-bind-card')}>
      {card && <p className="ma-bind__lead">{t('bindCard.boundHint')}</p>}
      {kinds.length > 1 && (
        <fieldset className="ma-bind__kinds" aria-describedby={form.error('kind') ? `${kindId}-error` : undefined}>
          <legend className="ma-bind__legend">{t('bindCard.kind')}</legend>
          <div className="ma-bind__choices">
            {kinds.map((k) => (
              <label key={k} className="ma-bind__choice">
                <input
                  type="radio"
                  name={`${kindId}-kind`}
                  checked={v.kind === k}
                  onChange={() => form.set('kind', (chosen.current = k))}
                />
                <span>{t(`bindCard.kinds.${k}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {form.error('kind') && (
        <p id={`${kindId}-error`} className="ma-bind__error" role="alert">
          {form.error('kind')}
        </p>
      )}
      <div className="ma-cells">
        {fields.map((f) => (
          <Field
            key={`${v.kind}-${f}`}
            {...form.field(f)}
            label={label(f)}
            required={!OPTIONAL.includes(f)}
            type={f === 'mobile' ? 'tel' : 'text'}
            // A bank account is digits: the numeric keypad (a wallet address has letters).
            inputMode={f === 'account' && v.kind === 'bank' ? 'numeric' : undefined}
            autoComplete={f === 'mobile' ? 'tel' : f === 'user_name' ? 'name' : 'off'}
            maxLength={f === 'bank_address' ? 200 : f === 'branch' ? 100 : f === 'mobile' ? 24 : 64}
          />
        ))}
      </div>
      {notice && (
        <p className="ma-bind__error" role="alert">
          {notice}
        </p>
      )}
      <div className="ma-form-actions">
        <Button type="submit" variant="primary" size="large" block disabled={!changed} loading={form.busy}>
          {t(card ? 'bindCard.rebind' : 'bindCard.bind')}
        </Button>
      </div>
    </Form>
  );
}
