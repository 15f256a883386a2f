import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import type { FollowRecord } from '../../../api/shapes/ad-center';
import { PagedList } from '../../../kit';
import { confirmSheet } from '../../../kit/prompts';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { cx } from '../../../ui/shared/bem';
import { nameOf, type OperatedModel } from './model';

type Model = InstanceType<typeof OperatedModel>;

/**
 * A followed operator: their shop's name (unmasked: the merchant chose to follow them), their follow ID, live plans
 * and since when, and Unfollow behind a confirm sheet (nothing is sent before it is confirmed).
 */
function FollowItem({ record, fresh, model }: { record: FollowRecord; fresh: boolean; model: Model }) {
  // Under React a component tracks the signals it reads (here: whether its unfollow is in flight) only with this.
  // The busy set is read as a signal: the action's isBusy() is a model method, and those run untracked.
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const head = `ma-operated-record-${record.id}`;
  const name = nameOf(record);

  const unfollow = async () => {
    // In flight already: nothing to ask (the button shows it is busy).
    if (model.unfollow.busy.peek().has(record.id)) return;
    const sure = await confirmSheet(app.overlays, t, {
      title: t('operated.unfollowTitle'),
      message: t('operated.unfollowMessage', { name }),
      confirm: t('operated.unfollow'),
    });
    if (sure) await model.unfollow.run(record);
  };

  return (
    <article className={cx('ma-operated__record', fresh && 'ma-operated__record--new')} aria-labelledby={head}>
      <div className="ma-operated__record-head">
        <h3 id={head} className="ma-operated__record-name">
          {name}
        </h3>
        <Button
          className="ma-operated__unfollow"
          aria-describedby={head}
          loading={model.unfollow.busy.value.has(record.id)}
          onClick={() => void unfollow()}
        >
          {t('operated.unfollow')}
        </Button>
      </div>
      <dl className="ma-operated__facts">
        <div>
          <dt>{t('operated.idLabel')}</dt>
          <dd className="ma-operated__record-id">{record.proxy_id}</dd>
        </div>
        <div>
          <dt>{t('operated.livePlans')}</dt>
          <dd>{app.i18n.formatNumber(record.live_plans)}</dd>
        </div>
        <div>
          <dt>{t('operated.followTime')}</dt>
          <dd>
            <time dateTime={record.create_time}>{app.i18n.formatDate(record.create_time)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** The operators this merchant follows: an infinite list; empty, it points back to the form above. */
export function FollowList({ model, onStart }: { model: Model; onStart: () => void }) {
  const app = useApp();
  const t = app.i18n.t;
  const count = model.count.value;
  const added = model.added.value;
  return (
    <section className="ma-operated__follows" aria-labelledby="ma-operated-list">
      <h2 id="ma-operated-list" className="ma-operated__section-title">
        {t('operated.listTitle')}
        {count !== undefined && count > 0 ? (
          <>
            {' '}
            <span className="ma-operated__count">{app.i18n.formatNumber(count)}</span>
          </>
        ) : null}
      </h2>
      <div className="ma-card ma-operated__list">
        <PagedList
          source={model.follows}
          aria-labelledby="ma-operated-list"
          skeleton={<Skeleton rows={2} title className="ma-operated__skeleton" />}
          empty={{
            text: t('operated.empty'),
            action: (
              <Button variant="primary" onClick={onStart}>
                {t('operated.emptyAction')}
              </Button>
            ),
          }}
          item={(r) => <FollowItem key={r.id} record={r} fresh={added.has(r.id)} model={model} />}
        />
      </div>
    </section>
  );
}
