import { useApp } from '../../../app/context';
import { ResourceView, type Resource } from '../../../kit';
import type { UserInfo } from '../../../api/shapes/account';
import { Skeleton } from '../../../ui/skeleton';
import { CopyButton } from '../../shared/CopyButton';

/** The merchant's own follow ID (`proxy_id`), the one others follow them by, with a copy button. */
export function MyProxyId({ user }: { user: Resource<UserInfo | null> }) {
  const app = useApp();
  const t = app.i18n.t;
  // The session's user, not only this resource's answer: a sign-in elsewhere in the app shows here at once.
  const id = app.session.user.value?.proxy_id;
  return (
    <section className="ma-card ma-operated__mine" aria-labelledby="ma-operated-mine">
      <h2 id="ma-operated-mine" className="ma-operated__label">
        {t('operated.myId')}
      </h2>
      <div className="ma-operated__id-row">
        {id ? (
          <>
            <strong className="ma-operated__my-id">{id}</strong>
            <CopyButton className="ma-operated__copy" text={id} describedBy="ma-operated-mine" />
          </>
        ) : (
          <ResourceView
            resource={user}
            inline
            failed={t('operated.userFailed')}
            skeleton={<Skeleton rows={1} className="ma-operated__mine-skeleton" />}
          >
            {() => null}
          </ResourceView>
        )}
      </div>
      <p className="ma-operated__hint">{t('operated.myIdHint')}</p>
    </section>
  );
}
