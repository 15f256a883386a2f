import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useApp } from '../../app/context';
import type { HeaderIcons } from '../../router/routes';
import { badgeFile } from '../../ui/badge/badge-file';
import { badgeText } from '../../ui/badge/badge-text';
import { Icon } from '../../ui/icon';
import { useLazyFile } from '../../lib/lazy-file';
import { useServiceFile } from '../service/file';

/** The header's right-hand icons; the ad-centre home, which has no shared header, shows them too. */
export function HeaderActions({ icons }: { icons: HeaderIcons }) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const [pickLanguage, setPickLanguage] = useState(false);
  // The language sheet is in the service file, fetched at the first tap (or ahead, by the prefetch).
  const LanguagePicker = useServiceFile(pickLanguage, () => setPickLanguage(false))?.LanguagePicker;
  const unread = app.notifications.unreadTotal.value;
  // The label says what the bubble shows: nothing at 0, "99+" above 99.
  const unreadText = badgeText(unread, 99, false, t('ui.badge.max'));
  // The bubble's file comes with the first signed-in header (or ahead, by the prefetch); until then, or if it
  // cannot be fetched, the bell shows without it and its label still says the count.
  const Badge = useLazyFile(badgeFile, !!icons.bell, app.assets).module?.Badge;

  return (
    <div className="ma-header__actions">
      {icons.service && (
        <button
          type="button"
          className="ma-header__icon"
          aria-label={t('header.customerService')}
          onClick={() => app.openCustomerService()}
        >
          <Icon name="service" />
        </button>
      )}
      {icons.language && (
        <button
          type="button"
          className="ma-header__icon"
          aria-label={t('header.language')}
          aria-haspopup="dialog"
          onClick={() => setPickLanguage(true)}
        >
          <Icon name="language" />
        </button>
      )}
      {icons.bell && (
        <button
          type="button"
          className="ma-header__icon"
          aria-label={unreadText ? t('header.notificationsUnread', { count: unreadText }) : t('header.notifications')}
          onClick={() => app.router.navigate('/notification')}
        >
          {Badge ? (
            <Badge count={unread} max={99}>
              <Icon name="bell" />
            </Badge>
          ) : (
            <Icon name="bell" />
          )}
        </button>
      )}
      {icons.logout && app.session.isRegisterUser.value && (
        <button
          type="button"
          className="ma-header__icon"
          aria-label={t('header.logout')}
          onClick={() => void app.logout()}
        >
          <Icon name="logout" />
        </button>
      )}
      {icons.language && LanguagePicker && (
        <LanguagePicker open={pickLanguage} onClose={() => setPickLanguage(false)} />
      )}
    </div>
  );
}
