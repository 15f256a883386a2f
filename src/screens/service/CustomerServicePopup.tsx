import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../app/context';
import type { Contact } from '../../api/contract';
import { Popup } from '../../ui/popup';
import { Icon } from '../../ui/icon';
import { Empty } from '../../ui/empty';

/**
 * Spec §2's customer-service popup: centred at 85% width, one row per contact (label in the user's language
 * and icon). Recharge mode lists the recharge contacts; an optional message line explains why it opened
 * (402/403/404 use it). Contacts come from the user's info when present, else from basic config.
 */
export function CustomerServicePopup() {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const state = app.customerService.value;
  const user = app.session.user.value;
  const cfg = app.config.config.value;
  const contacts: Contact[] =
    state.mode === 'recharge'
      ? user?.recharge_customer_service_url ?? cfg.recharge_customer_service_url ?? []
      : user?.customer_service_url ?? cfg.customer_service_url ?? [];
  const label = (c: Contact) => c.label[lang] ?? c.label.en ?? Object.values(c.label)[0] ?? c.url;

  return (
    <Popup open={state.open} onClose={app.closeCustomerService} position="center" width="85%" round closeable title={t(state.mode === 'recharge' ? 'customerService.rechargeTitle' : 'customerService.title')}>
      <div className="ma-cs">
        {state.message && <p className="ma-cs__message">{state.message}</p>}
        {contacts.length ? (
          <ul className="ma-cs__list">
            {contacts.map((c) => (
              <li key={c.id}>
                <button type="button" className="ma-cs__item" onClick={() => app.openContact(c)}>
                  {c.icon ? <img src={c.icon} alt="" width={28} height={28} /> : <Icon name="service" size={24} />}
                  <span>{label(c)}</span>
                  <Icon name="arrow-right" size={16} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={t('customerService.noData')} />
        )}
      </div>
    </Popup>
  );
}
