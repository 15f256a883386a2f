import { useApp } from '../../app/context';
import { Button } from '../../ui/button';
import { Empty } from '../../ui/empty';
import type { ScreenProps } from '../types';

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

/** The external customer-service chat inside the app (spec §2: `/customer?url=...`). */
export function Customer({ location }: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const url = safeChatUrl(location.query.get('url'), document.baseURI);
  if (!url) {
    return (
      <div className="ma-page ma-center">
        <Empty text={t('customer.missingUrl')} />
      </div>
    );
  }
  return (
    <div className="ma-customer">
      <iframe className="ma-customer__frame" src={url} title={t('customer.frameTitle')}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox" referrerPolicy="no-referrer" allow="clipboard-write" />
      <div className="ma-customer__bar">
        <Button size="small" onClick={() => app.events.emit('openUrl', { url, purpose: 'customerService' })}>{t('customer.openOutside')}</Button>
      </div>
    </div>
  );
}
