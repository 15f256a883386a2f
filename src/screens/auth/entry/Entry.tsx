import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Code, Reason } from '../../../api/contract';
import { useApp } from '../../../app/context';
import { REASON_KEY } from '../../../app/error-text';
import { Empty } from '../../../ui/empty';
import type { ScreenProps } from '../../types';

/** The partner link failures this page explains itself (with the way forward), instead of a passing toast. */
export const isEntryLinkError = (e: unknown): e is ApiError =>
  e instanceof ApiError && (e.data.reason === Reason.ENTRY_LINK_INVALID || e.data.reason === Reason.ENTRY_LINK_EXPIRED);

/**
 * The partner entry (`/entry?entry=<partner>&uid=<partner user id>&ts=<unix seconds>&sig=<signature>[&lang=xx]`):
 * the partner signed the link, and v2 login checks that. A user without an ad account gets code 401, which
 * spec §8 turns into a redirect to /ad-welcome with the same query (the error policy keeps the ticket that came
 * with it for that page). An unsigned, forged, expired or already used link is explained here.
 */
export function Entry({ location }: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const link = { entry: '', uid: '', ts: '', sig: '' };
  for (const k of Object.keys(link) as (keyof typeof link)[]) link[k] = location.query.get(k) ?? '';
  const [missing] = useState(!link.entry || !link.uid || !link.ts || !link.sig);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (missing) return;
    let alive = true;
    (async () => {
      const lang = location.query.get('lang');
      if (lang) await app.language.set(lang);
      // The partner's language is a nicety: any failure of it leaves the current one, unreported.
      else await app.request('langV2', { entry: link.entry }, { claims: () => true }).then((r) => app.language.set(r.lang), () => undefined);
      if (!alive) return;
      try {
        // The link's own failures are explained here; the rest are the policy's (401 → welcome page, 402-404).
        const { token } = await app.request('loginV2', link, { claims: isEntryLinkError });
        if (alive) await app.signIn(token);
      } catch (e) {
        if (!alive || !isEntryLinkError(e)) return;
        const key = REASON_KEY[e.data.reason!];
        app.events.emit('error', { code: Code.DATA, msg: t(key) });
        setProblem(key);
      }
    })();
    return () => {
      alive = false;
    };
  }, []);

  const message = missing ? t('auth.entryMissing') : problem ? t(problem) : null;
  return (
    <div className="ma-page ma-center" aria-busy={!message}>
      {message ? <div role="alert"><Empty text={message} /></div> : <p role="status">{t('auth.entering')}</p>}
    </div>
  );
}
