import { useEffect, useState } from 'react';
import { useApp } from '../../app/context';
import { Empty } from '../../ui/empty';
import type { ScreenProps } from '../types';

/**
 * The partner entry (`/entry?entry=<partner>&uid=<partner user id>[&lang=xx]`): logs the partner's user in
 * through v2 login. A user without an ad account gets code 401, which spec §8 turns into a redirect to
 * /ad-welcome with the same query, where the account is opened.
 */
export function Entry({ location }: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const entry = location.query.get('entry') ?? '';
  const uid = location.query.get('uid') ?? '';
  const [missing] = useState(!entry || !uid);

  useEffect(() => {
    if (missing) return;
    let alive = true;
    (async () => {
      const lang = location.query.get('lang');
      if (lang) await app.language.set(lang);
      else await app.request('langV2', { entry }, { quiet: true }).then((r) => app.language.set(r.lang), () => undefined);
      if (!alive) return;
      try {
        const { token } = await app.request('loginV2', { entry, uid });
        if (alive) await app.signIn(token);
      } catch {
        /* reported by the error policy (401 → welcome page) */
      }
    })();
    return () => {
      alive = false;
    };
  }, []);

  return (
    <div className="ma-page ma-center" aria-busy={!missing}>
      {missing ? <Empty text={t('auth.entryMissing')} /> : <p role="status">{t('auth.entering')}</p>}
    </div>
  );
}
