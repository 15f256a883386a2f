import { useRef } from 'react';
import { useApp } from '../../../app/context';
import type { Resource } from '../../../kit';
import type { UserInfo } from '../../../api/contract';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { copyText } from '../../shared/copy-text';

/** Two overlapping sheets: our own copy icon, drawn like the icon set (24 x 24, stroked in currentColor). */
const copyIcon = (
  <svg className="ma-operated__copy-icon" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1" />
  </svg>
);

/** The merchant's own proxy (operated) ID, the one others follow, with a copy button. */
export function MyProxyId({ user }: { user: Resource<UserInfo | null> }) {
  const app = useApp();
  const t = app.i18n.t;
  const box = useRef<HTMLElement>(null);
  const id = app.session.user.value?.proxy_id;

  const copy = async () => {
    if (!id || !box.current) return;
    if (await copyText(id, box.current)) app.overlays.toast.success(t('operated.copied'));
    else app.overlays.toast.fail(t('operated.copyFailed'));
  };

  return (
    <section ref={box} className="ma-card ma-operated__mine" aria-labelledby="ma-operated-mine">
      <h2 id="ma-operated-mine" className="ma-operated__label">{t('operated.myId')}</h2>
      <div className="ma-operated__id-row">
        {id ? (
          <strong className="ma-operated__my-id">{id}</strong>
        ) : user.error.value !== undefined ? (
          <span className="ma-operated__mine-failed">
            {t('operated.userFailed')}
            <button type="button" className="ma-link" onClick={() => void user.reload()}>{t('common.retry')}</button>
          </span>
        ) : (
          <Skeleton rows={1} className="ma-operated__mine-skeleton" />
        )}
        {id && (
          <Button className="ma-operated__copy" icon={copyIcon} aria-describedby="ma-operated-mine" onClick={() => void copy()}>
            {t('operated.copy')}
          </Button>
        )}
      </div>
      <p className="ma-operated__hint">{t('operated.myIdHint')}</p>
    </section>
  );
}
