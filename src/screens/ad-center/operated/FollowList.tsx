import { useApp } from '../../../app/context';
import type { FollowRecord } from '../../../api/contract';
import { listProps } from '../../../kit';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import { List } from '../../../ui/list';
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
  const { follows } = model;
  const records = model.records.value;
  const count = model.count.value;
  const failed = follows.error.value !== undefined;
  const empty = records.length === 0 && follows.finished.value && !failed;
  // Until the first page has answered: a skeleton, not the list's spinner.
  const first = records.length === 0 && !follows.finished.value && !failed;

  return (
    <section className="ma-operated__follows" aria-labelledby="ma-operated-list">
      <h2 id="ma-operated-list" className="ma-operated__section-title">
        {t('operated.listTitle')}
        {count !== undefined && count > 0 ? <>{' '}<span className="ma-operated__count">{app.i18n.formatNumber(count)}</span></> : null}
      </h2>
      {empty ? (
        <div className="ma-card">
          <Empty text={t('operated.empty')}>
            <Button variant="primary" onClick={onStart}>{t('operated.emptyAction')}</Button>
          </Empty>
        </div>
      ) : (
        <div className={cx('ma-card ma-operated__list', first && 'ma-operated__list--first')}>
          {first && <Skeleton rows={2} title className="ma-operated__skeleton" />}
          <List {...listProps(follows)} aria-labelledby="ma-operated-list">
            {records.map((r) => <FollowItem key={r.id} record={r} fresh={model.addedIds.value.has(r.id)} />)}
          </List>
        </div>
      )}
    </section>
  );
}
