import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useApp } from '../../app/context';
import { Popup } from '../../ui/popup';
import { Icon } from '../../ui/icon';
import { Empty } from '../../ui/empty';
import { pickLocalized } from '../shared/localized';
import { serviceContacts } from './contacts';
import css from './customer-service.css';
import { openContact } from './open-contact';

/**
 * The customer-service popup: centred at 85% width, one row per contact (label in the user's language
 * and icon). Recharge mode lists the recharge contacts; an optional message line explains why it opened
 * (402/403/404 use it). Contacts come from the user's info when present, else from basic config.
 */
export function CustomerServicePopup() {
  useSignals();
  const app = useApp();
  // Idempotent, and before the popup paints (as a screen group's CSS is added).
  app.addStyles('service-popup', css);
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const state = app.customerService.value;
  const user = app.session.user.value;
  const cfg = app.config.config.value;
  const contacts = serviceContacts(user, cfg, state.mode);
  // Opened before the lists are in: the merchant's user info (whose own lists replace basic config's) or, on a
  // first visit with nothing stored, basic config itself. Both are on their way, or asked for again if they
  // failed; until then neither basic config's lists nor "no customer service" would be true.
  const userPending = !!app.session.token.value && !user;
  const configPending = cfg.customer_service_url === undefined;
  const [failed, setFailed] = useState(false);
  const waiting = !failed && (userPending || (configPending && !contacts.length));
  useEffect(() => {
    if (!state.open) return;
    if (userPending) app.loadUser().catch(() => setFailed(true));
    if (configPending) app.config.load(lang).catch(() => setFailed(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks when the sheet opens or what it waits for changes; a language change alone asks nothing
  }, [state.open, userPending, configPending]);

  return (
    <Popup
      open={state.open}
      onClose={app.closeCustomerService}
      position="center"
      width="85%"
      round
      closeable
      title={t(state.mode === 'recharge' ? 'customerService.rechargeTitle' : 'customerService.title')}
    >
      <div className="ma-cs">
        {state.message && <p className="ma-cs__message">{state.message}</p>}
        {waiting ? (
          <div className="ma-cs__waiting" aria-busy="true">
            <span className="ma-spinner" role="presentation" />
          </div>
        ) : contacts.length ? (
          <ul className="ma-cs__list">
            {contacts.map((c) => {
              // The current language, then English, then whatever the operator wrote (with its lang, for the right voice).
              const label = pickLocalized(c.label, lang);
              return (
                <li key={c.id}>
                  <button type="button" className="ma-cs__item" onClick={() => openContact(app, c)}>
                    {c.icon ? <img src={c.icon} alt="" width={28} height={28} /> : <Icon name="service" size={24} />}
                    <span lang={label.lang}>{label.text || t('customerService.title')}</span>
                    <Icon name="chevron" size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <Empty text={t('customerService.noData')} />
        )}
      </div>
    </Popup>
  );
}
