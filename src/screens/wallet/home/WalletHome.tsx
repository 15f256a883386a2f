import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import type { Property } from '../../../api/shapes/wallet';
import { useApp, type AppServices } from '../../../app/context';
import { pullRefreshProps, refreshAll, ResourceView, useModel } from '../../../kit';
import { PullRefresh } from '../../../ui/pull-refresh';
import { Skeleton } from '../../../ui/skeleton';
import type { ScreenProps } from '../../types';
import { WalletIcon, type WalletIconName } from '../shared/icons';
import { maskAccount } from '../shared/mask';
import { Ledger } from './Ledger';
import { WalletModel } from './model';
import { openWithdraw } from './Withdraw';

type Model = InstanceType<typeof WalletModel>;

/**
 * The wallet (docs/product.md, "Money"): the figures, the entries (withdraw, deposit, bind card, foreign exchange, transaction
 * password, funding details) and the monthly ledger, in one scroller that a pull refreshes together.
 */
export function WalletHome(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const { t } = app.i18n;
  const model = useModel(() => new WalletModel(app));
  const ledger = useRef<HTMLElement>(null);
  // The kit's refreshes: each rejects when its part failed, so the head never says "Refreshed" over a failure.
  const refresh = () =>
    Promise.all([pullRefreshProps(model.flow).onRefresh(), refreshAll(model.property, model.card)]).then(
      () => undefined,
    );
  return (
    <div className="ma-wallet">
      <PullRefresh onRefresh={refresh} className="ma-wallet__scroll">
        <div className="ma-wallet__body">
          <ResourceView
            resource={model.property}
            failed={t('wallet.loadFailed')}
            onRetry={() => void model.recheck()}
            skeleton={<Skeleton className="ma-wallet__assets" title rows={3} />}
          >
            {(p) => <Figures app={app} p={p} />}
          </ResourceView>
          <Entries
            app={app}
            model={model}
            onDetails={() => {
              ledger.current?.scrollIntoView({ block: 'start' });
              ledger.current?.focus({ preventScroll: true });
            }}
          />
          <section ref={ledger} className="ma-card ma-wallet__ledger" aria-labelledby="ma-wallet-ledger" tabIndex={-1}>
            <h2 id="ma-wallet-ledger" className="ma-wallet__title">
              {t('wallet.details')}
            </h2>
            <Ledger app={app} model={model} titleId="ma-wallet-ledger" />
          </section>
        </div>
      </PullRefresh>
    </div>
  );
}

function Figures({ app, p }: { app: AppServices; p: Property }) {
  useSignals(); // formatMoney reads the currency signal
  const { t, formatMoney } = app.i18n;
  const rows: [string, string][] = [
    ['wallet.balance', p.balance],
    ['wallet.toBeConsumed', p.to_be_consumed],
    ['wallet.toBeSettled', p.to_be_settled],
  ];
  // Credit for puts, not money to withdraw: shown only when there is some.
  if (Number(p.discount_amount) !== 0) rows.push(['wallet.discount', p.discount_amount]);
  return (
    <section className="ma-wallet__assets" aria-labelledby="ma-wallet-total">
      <h2 id="ma-wallet-total" className="ma-wallet__total-label">
        {t('wallet.totalAssets')}
      </h2>
      <p className="ma-wallet__total">{formatMoney(p.total_assets)}</p>
      <dl className="ma-wallet__figures">
        {rows.map(([k, v]) => (
          <div key={k} className="ma-wallet__figure">
            <dt>{t(k)}</dt>
            <dd>{formatMoney(v)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface Entry {
  key: string;
  icon: WalletIconName;
  run: () => void;
  note?: string;
}

function Entries({ app, model, onDetails }: { app: AppServices; model: Model; onDetails: () => void }) {
  useSignals();
  const { t } = app.i18n;
  const card = model.card.data.value;
  const p = model.property.data.value;
  const go = (path: string) => () => app.router.navigate(path);
  const withdraw = async () => {
    const r = await openWithdraw(app, model);
    if (r) model.withdrawn(r);
  };
  const entries: Entry[] = [
    { key: 'wallet.withdraw', icon: 'withdraw', run: () => void withdraw() },
    { key: 'wallet.deposit', icon: 'deposit', run: () => app.openCustomerService({ mode: 'recharge' }) },
    {
      key: 'wallet.bindCard',
      icon: 'card',
      run: go('/wallet/bind-card'),
      note: card ? maskAccount(card.account) : undefined,
    },
    { key: 'wallet.foreignExchange', icon: 'exchange', run: go('/wallet/foreign-exchange') },
    {
      key: 'wallet.payPassword',
      icon: 'lock',
      // Set once through the two-step screen; changed (old one first) through the ad centre's route. Which one is
      // known once the figures are in (a tap before that does nothing rather than lead to the wrong one).
      run: () => p && app.router.navigate(p.pay_password_set ? '/ad-center/edit-pay-password' : '/wallet/set-password'),
      note: p && !p.pay_password_set ? t('wallet.notSet') : undefined,
    },
    { key: 'wallet.details', icon: 'details', run: onDetails },
  ];
  return (
    <nav className="ma-card ma-wallet__entries" aria-label={t('wallet.actions')}>
      <ul className="ma-wallet__grid">
        {entries.map((e) => (
          <li key={e.key}>
            <button type="button" className="ma-wallet__entry" onClick={e.run} data-entry={e.icon}>
              <span className="ma-wallet__tile" aria-hidden="true">
                <WalletIcon name={e.icon} />
              </span>
              <span className="ma-wallet__entry-label">{t(e.key)}</span>
              {e.note && <span className="ma-wallet__entry-note">{e.note}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
