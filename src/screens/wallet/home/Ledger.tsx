import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { FundingDetail, MonthTotals } from '../../../api/shapes/wallet';
import type { AppServices } from '../../../app/context';
import type { Group } from '../../../kit';
import { PagedList } from '../../../kit';
import { Skeleton } from '../../../ui/skeleton';
import type { WalletModel } from './model';

type Model = InstanceType<typeof WalletModel>;

/** A signed amount as the ledger shows it: "+$150.00" for money in, "−$500.00" (a real minus sign) for money out. */
export function signed(app: AppServices, amount: string): { text: string; out: boolean } {
  const out = amount.startsWith('-');
  return { text: `${out ? '−' : '+'}${app.i18n.formatMoney(out ? amount.slice(1) : amount)}`, out };
}

/**
 * A row's remark in the merchant's language: the server's kind worded with its parameters (a kind this app does not
 * know yet falls back to the server's words); a person's note as written; "None" for no remark.
 */
function remarkOf(app: AppServices, f: FundingDetail): string {
  const d = f.remark_data;
  const key = d && `wallet.remark.${d.kind}`;
  const worded = key && app.i18n.t(key, d);
  return worded && worded !== key ? worded : f.remark?.trim() || app.i18n.t('wallet.none');
}

/**
 * The ledger: months newest first, each under a header that stays on top while its rows scroll (the month, and
 * its money in and out over the whole month, from the server); each row its type, time, signed amount and remark,
 * and a tap opens its detail. Pages come as the end scrolls into view; the screen's pull to refresh reloads it.
 */
export function Ledger({ app, model, titleId }: { app: AppServices; model: Model; titleId: string }) {
  useSignals();
  const { t } = app.i18n;
  return (
    <PagedList
      source={model.flow}
      className="ma-ledger"
      aria-labelledby={titleId}
      skeleton={
        <div className="ma-ledger__skeleton">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} title rows={1} />
          ))}
        </div>
      }
      empty={{ text: t('wallet.ledgerEmpty') }}
      groupHeader={(g) => <MonthHeader key={`m-${g.key}`} app={app} group={g} />}
      item={(f) => <FlowRow key={f.id} app={app} flow={f} />}
    />
  );
}

/** Not a heading element: a feed holds articles only (ARIA), so the month is a plain block that sticks. */
function MonthHeader({ app, group }: { app: AppServices; group: Group<FundingDetail, MonthTotals | undefined> }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatDate, formatMoney } = app.i18n;
  const [y, m] = group.key.split('-').map(Number);
  const totals = group.totals;
  return (
    <div className="ma-ledger__month" data-month={group.key}>
      <span className="ma-ledger__month-name">
        {formatDate(new Date(y, m - 1, 1), { year: 'numeric', month: 'long' })}
      </span>
      {totals && (
        <span className="ma-ledger__month-totals">
          <span className="ma-ledger__in">{t('wallet.income', { amount: formatMoney(totals.income) })}</span>
          <span className="ma-ledger__out">{t('wallet.expense', { amount: formatMoney(totals.expense) })}</span>
        </span>
      )}
    </div>
  );
}

function FlowRow({ app, flow: f }: { app: AppServices; flow: FundingDetail }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatDate } = app.i18n;
  const id = useId();
  const amount = signed(app, f.amount);
  return (
    <article className="ma-flow" aria-labelledby={id} data-id={f.id}>
      <button type="button" className="ma-flow__open" onClick={() => void openFlowDetail(app, f)}>
        <span className="ma-flow__main">
          <span id={id} className="ma-flow__type">
            {t(`wallet.type.${f.type}`)}
          </span>
          <span className={`ma-flow__amount${amount.out ? ' ma-flow__amount--out' : ' ma-flow__amount--in'}`}>
            {amount.text}
          </span>
        </span>
        <span className="ma-flow__sub">
          <time className="ma-flow__time" dateTime={f.time}>
            {formatDate(f.time)}
          </time>
          <span className="ma-flow__remark">{remarkOf(app, f)}</span>
        </span>
      </button>
    </article>
  );
}

/** A row's detail: everything the server told about it, in a sheet that closes with its button, Escape or the overlay. */
export function openFlowDetail(app: AppServices, f: FundingDetail): Promise<unknown> {
  const { t, formatDate, formatMoney } = app.i18n;
  const amount = signed(app, f.amount);
  const rows: [string, string, string?][] = [
    ['wallet.detail.type', t(`wallet.type.${f.type}`)],
    ['wallet.detail.amount', amount.text, amount.out ? 'ma-flow__amount--out' : 'ma-flow__amount--in'],
    ['wallet.detail.balanceAfter', formatMoney(f.balance_after)],
    ['wallet.detail.time', formatDate(f.time)],
    ['wallet.detail.remark', remarkOf(app, f)],
    ['wallet.detail.id', String(f.id)],
  ];
  return app.overlays.open(
    () => (
      <dl className="ma-flow-detail">
        {rows.map(([k, v, cls]) => (
          <div key={k}>
            <dt>{t(k)}</dt>
            <dd className={cls}>{v}</dd>
          </div>
        ))}
      </dl>
    ),
    {
      title: t('wallet.detail.title'),
      position: 'bottom',
      closeable: true,
      closeOnOverlay: true,
      className: 'ma-flow-detail__sheet',
    },
  );
}
