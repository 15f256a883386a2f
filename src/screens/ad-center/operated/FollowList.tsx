import { useApp } from '../../../app/context';
import type { FollowRecord } from '../../../api/contract';
import { PagedList } from '../../../kit';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { cx } from '../../../ui/shared';
import type { OperatedModel } from './model';

function FollowItem({ record, fresh }: { record: FollowRecord; fresh: boolean }) {
  const app = useApp();
  const t = app.i18n.t;
  const head = `ma-operated-record-${record.id}`;
  return (
    <article className={cx('ma-operated__record', fresh && 'ma-operated__record--new')} aria-labelledby={head}>
      <div className="ma-operated__record-who">
        <h3 id={head} className="ma-operated__record-id">{record.proxy_id}</h3>
        <span className="ma-operated__record-name">{record.nickname}</span>
      </div>
      <dl className="ma-operated__facts">
        <div>
          <dt>{t('operated.livePlans')}</dt>
          <dd>{app.i18n.formatNumber(record.live_plans)}</dd>
        </div>
        <div>
          <dt>{t('operated.followTime')}</dt>
          <dd><time dateTime={record.create_time}>{app.i18n.formatDate(record.create_time)}</time></dd>
        </div>
      </dl>
    </article>
  );
}

/** The operators this merchant follows: an infinite list; empty, it points back to the form above. */
export function FollowList({ model, onStart }: { model: InstanceType<typeof OperatedModel>; onStart(): void }) {
  const app = useApp();
  const t = app.i18n.t;
  const count = model.count.value;
  const added = model.added.value;
  return (
    <section className="ma-operated__follows" aria-labelledby="ma-operated-list">
      <h2 id="ma-operated-list" className="ma-operated__section-title">
        {t('operated.listTitle')}
        {count !== undefined && count > 0 ? <>{' '}<span className="ma-operated__count">{app.i18n.formatNumber(count)}</span></> : null}
      </h2>
      <div className="ma-card ma-operated__list">
        <PagedList
          source={model.follows}
          aria-labelledby="ma-operated-list"
          skeleton={<Skeleton rows={2} title className="ma-operated__skeleton" />}
          empty={{ text: t('operated.empty'), action: <Button variant="primary" onClick={onStart}>{t('operated.emptyAction')}</Button> }}
          item={(r) => <FollowItem key={r.id} record={r} fresh={added.has(r.id)} />}
        />
      </div>
    </section>
  );
}
