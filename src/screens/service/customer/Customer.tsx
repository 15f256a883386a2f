import { useSignals } from '@preact/signals-react/runtime';
import type { Contact } from '../../../api/shapes/config';
import { useApp } from '../../../app/context';
import { Button } from '../../../ui/button';
import { pageAddress } from '../../../lib/assets';
import { Empty } from '../../../ui/empty';
import type { ScreenProps } from '../../types';

/** Only web links may be framed: a `javascript:` or `data:` URL from the query must never run in the app. */
export function safeChatUrl(raw: string | null, base: string): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The query's URL, if it is one of the chat (type 1) contacts the server configured. A link can name any page,
 * and inside the app's own header a phishing page would pass for "Customer service": only the lists open here.
 */
export function contactChatUrl(raw: string | null, base: string, contacts: readonly Contact[]): string | null {
  const url = safeChatUrl(raw, base);
  return url && contacts.some((c) => c.type === 1 && safeChatUrl(c.url, base) === url) ? url : null;
}

/** The external customer-service chat inside the app (`/customer?url=...`; only a type-1 contact's address is opened). */
export function Customer({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const user = app.session.user.value;
  const cfg = app.config.config.value;
  // The lists the customer-service popup offers: the user's, and the public config's (a signed-out merchant's).
  const contacts = [
    ...(user?.customer_service_url ?? []),
    ...(user?.recharge_customer_service_url ?? []),
    ...(cfg.customer_service_url ?? []),
    ...(cfg.recharge_customer_service_url ?? []),
  ];
  // Opened straight from a link, before any list has loaded: wait for them rather than refuse.
  if (!contacts.length && !cfg.customer_service_url) {
    return (
      <div className="ma-page ma-center" aria-busy="true">
        <span className="ma-spinner" role="presentation" />
      </div>
    );
  }
  const base = pageAddress();
  const raw = location.query.get('url');
  const url = contactChatUrl(raw, base, contacts);
  // No chat to show: the ways on are the contacts that may be opened, and home.
  if (!url) {
    return (
      <div className="ma-page ma-center ma-customer--none">
        <Empty text={t(raw ? 'customer.unknownUrl' : 'customer.missingUrl')}>
          <Button variant="primary" onClick={() => app.openCustomerService()}>
            {t('header.customerService')}
          </Button>
          <Button variant="plain" onClick={() => app.router.replace(app.session.token.value ? '/ad-center' : '/login')}>
            {t('app.backHome')}
          </Button>
        </Empty>
      </div>
    );
  }
  // A page of the app's own origin, given allow-same-origin, could reach into the app (and its token): the
  // sandbox keeps it on an opaque origin. A chat on its own origin keeps its storage and cookies.
  const sameOrigin = new URL(url).origin === new URL(base).origin;
  return (
    <div className="ma-customer">
      <iframe
        className="ma-customer__frame"
        src={url}
        title={t('customer.frameTitle')}
        sandbox={`allow-scripts ${sameOrigin ? '' : 'allow-same-origin '}allow-forms allow-popups allow-popups-to-escape-sandbox`}
        referrerPolicy="no-referrer"
        allow="clipboard-write"
      />
      <div className="ma-customer__bar">
        <Button onClick={() => app.events.emit('openUrl', { url, purpose: 'customerService' })}>
          {t('customer.openOutside')}
        </Button>
      </div>
    </div>
  );
}
