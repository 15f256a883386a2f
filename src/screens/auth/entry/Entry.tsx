import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import { useModel } from '../../../kit/model';
import { Empty } from '../../../ui/empty';
import type { ScreenProps } from '../../types';
import { EntryModel, type EntryLink } from './model';

/**
 * The partner entry (`/entry?entry=<partner>&uid=<partner user id>&ts=<unix seconds>&sig=<signature>[&lang=xx]`):
 * the partner signed the link, and v2 login checks that. A user without an ad account gets code 401, which
 * the error policy turns into a redirect to /ad-welcome with the same query (the error policy keeps the ticket that came
 * with it for that page). An unsigned, forged, expired or already used link is explained here.
 */
export function Entry({ location }: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const link: EntryLink = { entry: '', uid: '', ts: '', sig: '' };
  for (const k of Object.keys(link) as (keyof EntryLink)[]) link[k] = location.query.get(k) ?? '';
  const missing = !link.entry || !link.uid || !link.ts || !link.sig;
  return missing ? (
    <EntryMessage text={t('auth.entryMissing')} />
  ) : (
    <Entering link={link} lang={location.query.get('lang')} />
  );
}

function Entering({ link, lang }: { link: EntryLink; lang: string | null }) {
  useSignals();
  const app = useApp();
  const m = useModel(() => new EntryModel(app, link, lang));
  const problem = m.problem.value;
  if (problem) return <EntryMessage text={app.i18n.t(problem)} />;
  return (
    <div className="ma-page ma-center" aria-busy="true">
      <p role="status">{app.i18n.t('auth.entering')}</p>
    </div>
  );
}

function EntryMessage({ text }: { text: string }) {
  return (
    <div className="ma-page ma-center" aria-busy="false">
      <div role="alert">
        <Empty text={text} />
      </div>
    </div>
  );
}
