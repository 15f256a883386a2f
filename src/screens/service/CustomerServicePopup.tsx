import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useApp } from '../../app/context';
import type { Contact } from '../../api/contract';
import { Popup } from '../../ui/popup';
import { Icon } from '../../ui/icon';
import { Empty } from '../../ui/empty';
import { pickLocalized } from '../shared/localized';
import { serviceContacts } from './contacts';
import css from './customer-service.css';
import { openContact } from './open-contact';

/**
 * Spec §2's customer-service popup: centred at 85% width, one row per contact (label in the user's language
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
  // A first visit opened before basic config has answered (nothing stored yet): its lists are on their way, or
  // are asked for again if that request failed; "no customer service" would not be true.
  const waiting = !contacts.length && cfg.customer_service_url === undefined;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (state.open && waiting) app.config.load(lang).catch(() => setFailed(true));
  }, [state.open, waiting]);
  // The current language, then English, then whatever the operator wrote (with its lang, for the right voice).
  const label = (c: Contact) => pickLocalized(c.label, lang);

  return (
    <Popup open={state.open} onClose={app.closeCustomerService} position="center" width="85%" round closeable title={t(state.mode === 'recharge' ? 'customerService.rechargeTitle' : 'customerService.title')}>
      <div className="ma-cs">
        {state.message && <p className="ma-cs__message">{state.message}</p>}
        {waiting && !failed ? (
          <div className="ma-cs__waiting" aria-busy="true"><span className="ma-spinner" role="presentation" /></div>
        ) : contacts.length ? (
          <ul className="ma-cs__list">
            {contacts.map((c) => (
              <li key={c.id}>
                <button type="button" className="ma-cs__item" onClick={() => openContact(app, c)}>
                  {c.icon ? <img src={c.icon} alt="" width={28} height={28} /> : <Icon name="service" size={24} />}
                  <span lang={label(c).lang}>{label(c).text || t('customerService.title')}</span>
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
