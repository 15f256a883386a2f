import { signal } from '@preact/signals-react';
import * as messagesCalls from '../../../api/calls/messages';
import type { Notification, NotificationCategory, NotificationReadState } from '../../../api/shapes/messages';
import type { AppServices } from '../../../app/context';
import { createKeyedAction, createModel, createPagedSource, loadFailures } from '../../../kit';
import { noticesOf } from '../../shared/live-changes';

export const NOTIFICATION_PAGE_SIZE = 10;
export type CategoryTab = 'all' | NotificationCategory;
export type ReadFilter = 'all' | NotificationReadState;

const read = (n: Notification): Notification => (n.read ? n : { ...n, read: true });

/**
 * The inbox: one paged source keyed by category tab and read filter, so each list keeps its place;
 * marking one or all read through keyed actions. The bell's count is the server's: every list page and every read
 * mark answers it, and the store takes it, so every header and the home screen follow at once.
 */
export const NotificationsModel = createModel((app: AppServices) => {
  const t = app.i18n.t;
  const tab = signal<CategoryTab>('all');
  const filter = signal<ReadFilter>('all');
  // A page asked for before a read mark answered carries the count from before it: it must not undo the mark.
  let marks = 0;
  const list = createPagedSource<Notification>(
    (page, signal, key) => {
      const [category, state] = key.split('|') as [CategoryTab, ReadFilter];
      const asked = marks;
      return app
        .request(
          messagesCalls.notifications,
          {
            category: category === 'all' ? undefined : category,
            read_state: state === 'all' ? undefined : state,
            page,
            page_size: NOTIFICATION_PAGE_SIZE,
          },
          { signal, handles: loadFailures },
        )
        .then((p) => {
          if (asked === marks) app.notifications.set(p.unread_total);
          return { items: p.list, total: p.total };
        });
    },
    // A message that arrives (or is read on another device) while the inbox is open shows in the pages loaded.
    {
      pageSize: NOTIFICATION_PAGE_SIZE,
      key: () => `${tab.value}|${filter.value}`,
      id: (n) => n.id,
      changes: noticesOf(app, ['notifications']),
    },
  );

  /** What a read mark changes: the count, the item (or all) shown as read in every list, the others refreshed when next shown. */
  const apply = (unread: number, which: (n: Notification) => boolean) => {
    marks++;
    app.notifications.set(unread);
    list.update((items) => items.map((n) => (which(n) ? read(n) : n)), { everywhere: true });
    list.invalidate({ others: true });
  };

  const say = { t, toast: app.overlays.toast };
  // A failure leaves the message unread and says so in a toast; nothing shown is changed.
  const markOne = createKeyedAction<Notification, { unread_total: number }>(say, {
    key: (n) => n.id,
    run: (n, { handles }) => app.request(messagesCalls.notificationsRead, { id: n.id }, { handles }),
    failed: { handles: loadFailures, key: 'notification.markReadFailed' },
    onDone: (r, n) => apply(r.unread_total, (x) => x.id === n.id),
  });
  const markAll = createKeyedAction<void, { unread_total: number }>(say, {
    key: () => 'all',
    run: (_, { handles }) => app.request(messagesCalls.notificationsRead, { all: true }, { handles }),
    failed: { handles: loadFailures, key: 'notification.markAllFailed' },
    success: 'notification.markedAll',
    onDone: (r) => apply(r.unread_total, () => true),
  });

  return { tab, filter, list, markOne, markAll };
});
