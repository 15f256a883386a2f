import { useSignals } from '@preact/signals-react/runtime';
import type { BankCard, Property, WithdrawResult } from '../../../api/shapes/wallet';
import { useApp, type AppServices } from '../../../app/context';
import { ResourceView } from '../../../kit';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { maskAccount } from '../shared/mask';
import type { WalletModel } from './model';
import { WithdrawForm } from './WithdrawForm';

type Model = InstanceType<typeof WalletModel>;

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
 * The withdrawal (docs/product.md, "Withdrawal"): what blocks it first (start-up funds not returned, no transaction password, nothing bound
 * to pay to), each with the way to fix it; then the amount, checked here before anything is sent.
 */
function WithdrawSheet({ model, close }: { model: Model; close: (r?: WithdrawResult) => void }) {
  useSignals();
  const app = useApp();
  const { t } = app.i18n;
  const skeleton = <Skeleton className="ma-withdraw__skeleton" title rows={2} />;
  // One Retry brings both (offline, both failed together).
  const retry = () => void model.recheck();
  // The figures, then where the money goes: each loading, failed (with Retry) or refreshed the kit's way.
  return (
    <ResourceView resource={model.property} inline failed={t('wallet.loadFailed')} skeleton={skeleton} onRetry={retry}>
      {(p) => (
        <ResourceView resource={model.card} inline failed={t('wallet.loadFailed')} skeleton={skeleton} onRetry={retry}>
          {(card) => <WithdrawGate app={app} model={model} p={p} card={card} close={close} />}
        </ResourceView>
      )}
    </ResourceView>
  );
}

/** What blocks a withdrawal, first, with the way to fix it (contact service, set a password, bind a card); else the form. */
function WithdrawGate({
  app,
  model,
  p,
  card,
  close,
}: {
  app: AppServices;
  model: Model;
  p: Property;
  card: BankCard | null;
  close: (r?: WithdrawResult) => void;
}) {
  const { t } = app.i18n;
  const go = (path: string) => () => {
    close();
    app.router.navigate(path);
  };
  const block: [string, string, () => void] | null = !p.startup_funds_returned
    ? [
        'errors.startupFunds',
        'withdraw.contactService',
        () => {
          close();
          app.openCustomerService();
        },
      ]
    : !p.pay_password_set
      ? ['errors.payPasswordUnset', 'withdraw.setPassword', go('/wallet/set-password')]
      : !card
        ? ['errors.cardUnbound', 'withdraw.bindCard', go('/wallet/bind-card')]
        : null;
  if (block) {
    return (
      <div className="ma-withdraw ma-withdraw__blocked">
        <p className="ma-withdraw__reason" role="alert">
          {t(block[0])}
        </p>
        <Button variant="primary" size="large" block onClick={block[2]}>
          {t(block[1])}
        </Button>
      </div>
    );
  }
  return (
    <WithdrawForm
      app={app}
      model={model}
      balance={p.balance}
      left={p.withdraw_left_today}
      account={`${card!.bank_name} ${maskAccount(card!.account)}`}
      close={close}
    />
  );
}
