import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { NOTIFICATION_CATEGORIES, type Notification } from '../../../api/shapes/messages';
import { useApp, type AppServices } from '../../../app/context';
import { PagedList, useModel } from '../../../kit';
import { Button } from '../../../ui/button';
import { RichText } from '../../../ui/rich-text';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { pickLocalized, pickRichText } from '../../shared/localized';
import type { ScreenProps } from '../../types';
import { CategoryIcon } from './icons';
import { NotificationsModel, type CategoryTab, type ReadFilter } from './model';
import { when } from './when';

type Model = InstanceType<typeof NotificationsModel>;

const TABS: readonly CategoryTab[] = ['all', ...NOTIFICATION_CATEGORIES];
const FILTERS: readonly ReadFilter[] = ['all', 'unread', 'read'];

/**
 * The inbox: a tab per category, a read filter and "Mark all read" over each tab's infinite list with
 * pull to refresh. Opening a message shows its body in a sheet and marks it read on the server.
 */
export function Notifications(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const model = useModel(() => new NotificationsModel(app));
  return (
    <div className="ma-inbox">
      <Tabs
        className="ma-inbox__tabs"
        items={TABS.map((k) => ({ key: k, title: t(`notification.tab.${k}`) }))}
        active={model.tab.value}
        onChange={(k) => {
          model.tab.value = k;
        }}
        ariaLabel={t('notification.tabs')}
        lazy
      >
        {(tab) => <Inbox app={app} model={model} tab={tab} />}
      </Tabs>
    </div>
  );
}

/** One tab: the read filter and "Mark all read", then the list for this tab and filter. */
function Inbox({ app, model, tab }: { app: AppServices; model: Model; tab: CategoryTab }) {
  useSignals();
  const t = app.i18n.t;
  const filter = model.filter.value;
  const unread = app.notifications.unreadTotal.value;
  const markingAll = model.markAll.busy.value.size > 0;
  return (
    <>
      <div className="ma-inbox__bar">
        <div className="ma-inbox__filters" role="group" aria-label={t('notification.filter')}>
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className="ma-inbox__filter"
              aria-pressed={f === filter ? 'true' : 'false'}
              onClick={() => {
                model.filter.value = f;
              }}
            >
              {t(`notification.filters.${f}`)}
            </button>
          ))}
        </div>
        <Button
          size="small"
          variant="plain"
          className="ma-inbox__mark-all"
          disabled={unread === 0}
          loading={markingAll}
          onClick={() => void model.markAll.run()}
        >
          {t('notification.markAll')}
        </Button>
      </div>
      <PagedList
        pull
        source={model.list.at(`${tab}|${filter}`)}
        className="ma-inbox__list"
        aria-label={t(`notification.tab.${tab}`)}
        skeleton={<InboxSkeleton />}
        empty={emptyState(app, model, tab, filter)}
        item={(n) => <Item key={n.id} app={app} model={model} n={n} />}
      />
    </>
  );
}

/** What an empty list says, and the way out of it: all messages, or back to the ad centre when there are none. */
function emptyState(app: AppServices, model: Model, tab: CategoryTab, filter: ReadFilter) {
  const t = app.i18n.t;
  const text =
    filter !== 'all'
      ? t(`notification.empty.${filter}`)
      : tab === 'all'
        ? t('notification.empty.all')
        : t('notification.empty.category');
  const action =
    filter !== 'all' ? (
      <Button
        variant="primary"
        onClick={() => {
          model.filter.value = 'all';
        }}
      >
        {t('notification.showAll')}
      </Button>
    ) : tab !== 'all' ? (
      <Button
        variant="primary"
        onClick={() => {
          model.tab.value = 'all';
        }}
      >
        {t('notification.showAll')}
      </Button>
    ) : (
      <Button variant="primary" onClick={() => app.router.navigate('/ad-center')}>
        {t('notification.backHome')}
      </Button>
    );
  return { text, action };
}

function InboxSkeleton() {
  return (
    <div className="ma-inbox__skeleton">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="ma-inbox__skeleton-row" avatar title rows={1} />
      ))}
    </div>
  );
}

/** A message in the list: its category, title, time and, while unread, a dot; a tap opens it. */
function Item({ app, model, n }: { app: AppServices; model: Model; n: Notification }) {
  useSignals();
  const { t, lang } = app.i18n;
  const titleId = useId();
  const title = pickLocalized(n.title, lang.value);
  const time = when(n.create_time, lang.value);
  const category = t(`notification.category.${n.category}`);
  return (
    <article className="ma-inbox__item" aria-labelledby={titleId}>
      <button
        type="button"
        className={`ma-inbox__open${n.read ? '' : ' ma-inbox__open--unread'}`}
        onClick={() => openMessage(app, model, n)}
      >
        <span className={`ma-inbox__icon ma-inbox__icon--${n.category}`}>
          <CategoryIcon category={n.category} />
        </span>
        <span className="ma-inbox__text">
          <span className="ma-inbox__head">
            <span id={titleId} className="ma-inbox__title" lang={title.lang}>
              {title.text}
            </span>
            {!n.read && (
              <span className="ma-inbox__dot">
                <span className="ma-sr-only">{t('notification.unread')}</span>
              </span>
            )}
          </span>
          <span className="ma-inbox__meta">
            <span>{category}</span>
            <time className="ma-inbox__time" dateTime={n.create_time} title={time.full}>
              {time.short}
            </time>
          </span>
        </span>
      </button>
    </article>
  );
}

/** Opens a message in a sheet and, if it was unread, marks it read (a failure says so and leaves it unread). */
function openMessage(app: AppServices, model: Model, n: Notification) {
  const lang = app.i18n.lang.peek();
  void app.overlays.open(() => <Message app={app} n={n} />, {
    title: pickLocalized(n.title, lang).text,
    position: 'bottom',
    closeable: true,
    className: 'ma-inbox__sheet',
  });
  if (!n.read) void model.markOne.run(n);
}

function Message({ app, n }: { app: AppServices; n: Notification }) {
  useSignals();
  const { t, lang } = app.i18n;
  const body = pickRichText(n.content, lang.value);
  return (
    <div className="ma-inbox__message">
      <p className="ma-inbox__message-meta">
        <span className={`ma-inbox__chip ma-inbox__icon--${n.category}`}>
          {t(`notification.category.${n.category}`)}
        </span>
        <time dateTime={n.create_time}>{when(n.create_time, lang.value).full}</time>
      </p>
      <div lang={body.lang}>
        <RichText html={body.text} />
      </div>
    </div>
  );
}
