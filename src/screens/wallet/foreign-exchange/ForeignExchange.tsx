import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import * as walletCalls from '../../../api/calls/wallet';
import { ACCEPTOR_TYPES, type AcceptorOrder } from '../../../api/shapes/wallet';
import * as requests from '../../../api/requests/wallet';
import { useApp, type AppServices } from '../../../app/context';
import { PagedList, ResourceView, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { Skeleton } from '../../../ui/skeleton';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';
import { FxModel } from './model';

type Model = InstanceType<typeof FxModel>;

/**
 * Foreign exchange (docs/product.md, "Foreign exchange"): under the transparent header, a hero with the current acceptance (its type, amount,
 * limit and state); the acceptor choice (personal or enterprise) with the acceptance code entry; the transaction
 * records, paged as the list scrolls.
 */
export function ForeignExchange(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const { t, formatDate } = app.i18n;
  const m = useModel(() => new FxModel(app));
  const recordsId = useId();
  const codeId = useId();
  return (
    <div className="ma-fx">
      <Current app={app} model={m} />
      <CodeForm app={app} model={m} codeId={codeId} />
      <section className="ma-fx__records" aria-labelledby={recordsId}>
        <h2 id={recordsId} className="ma-fx__heading">
          {t('fx.records')}
        </h2>
        <PagedList
          source={m.records}
          aria-labelledby={recordsId}
          skeleton={<Skeleton className="ma-fx__row" title rows={2} />}
          empty={{
            text: t('fx.noRecords'),
            // The way forward is the code entry above.
            action: (
              <Button
                onClick={(e) =>
                  (
                    (e.currentTarget as Element).getRootNode() as ParentNode & {
                      getElementById: (id: string) => HTMLElement | null;
                    }
                  )
                    .getElementById(codeId)
                    ?.focus()
                }
              >
                {t('fx.enterCode')}
              </Button>
            ),
          }}
          item={(o) => (
            <article key={o.id} className="ma-fx__row">
              <Summary app={app} order={o} />
              <time className="ma-fx__time" dateTime={o.create_time}>
                {formatDate(o.create_time)}
              </time>
            </article>
          )}
        />
      </section>
    </div>
  );
}

/** An acceptance's type and state, its amount and its limit. */
function Summary({ app, order: o }: { app: AppServices; order: AcceptorOrder }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatMoney } = app.i18n;
  return (
    <>
      <span className="ma-fx__top">
        <span className="ma-fx__type">{t(`fx.type.${o.type}`)}</span>
        <span className={`ma-fx__state ma-fx__state--${o.state}`}>{t(`fx.state.${o.state}`)}</span>
      </span>
      <strong className="ma-fx__amount">{formatMoney(o.amount)}</strong>
      <span className="ma-fx__limit">{t('fx.limitWithin', { amount: formatMoney(o.limit) })}</span>
    </>
  );
}

function Current({ app, model }: { app: AppServices; model: Model }) {
  const t = app.i18n.t;
  return (
    <section className="ma-fx__hero ma-hero" aria-label={t('fx.current')}>
      <h2 className="ma-fx__label">{t('fx.current')}</h2>
      <div className="ma-fx__current">
        <ResourceView
          resource={model.current}
          inline
          failed={t('fx.loadFailed')}
          skeleton={
            <p className="ma-fx__none" aria-busy="true">
              {t('common.loading')}
            </p>
          }
        >
          {(c) => (c ? <Summary app={app} order={c} /> : <p className="ma-fx__none">{t('fx.noCurrent')}</p>)}
        </ResourceView>
      </div>
    </section>
  );
}

function CodeForm({ app, model, codeId }: { app: AppServices; model: Model; codeId: string }) {
  const t = app.i18n.t;
  const form = useForm(requests.acceptorDetail, { type: 'personal', code: '' }, t, {
    fieldReasons: {
      acceptance_code_error: ['code', 'errors.acceptanceCode'],
      rate_limited: ['code', 'errors.rateLimited'],
    },
  });
  const typeId = useId();
  const submit = () =>
    form.submit(async (data) => {
      await app.request(walletCalls.acceptorDetail, data, { handles: form.handles });
      app.overlays.toast.success(t('fx.accepted'));
      form.reset({ type: data.type, code: '' });
      model.opened();
    });
  return (
    <Form className="ma-fx__form" onSubmit={() => void submit()} aria-label={t('fx.enterCode')}>
      <fieldset className="ma-fx__types">
        <legend id={typeId} className="ma-fx__legend">
          {t('fx.acceptor')}
        </legend>
        <div className="ma-fx__choices">
          {ACCEPTOR_TYPES.map((k) => (
            <label key={k} className="ma-fx__choice">
              <input
                type="radio"
                name={`${typeId}-type`}
                checked={form.values.type === k}
                onChange={() => form.set('type', k)}
              />
              <span>{t(`fx.type.${k}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="ma-cells">
        <Field
          {...form.field('code')}
          id={codeId}
          label={t('fx.code')}
          placeholder={t('fx.codePlaceholder')}
          autoComplete="off"
          maxLength={64}
          required
        />
      </div>
      <div className="ma-form-actions">
        <Button type="submit" variant="primary" block loading={form.busy}>
          {t('common.submit')}
        </Button>
      </div>
    </Form>
  );
}
