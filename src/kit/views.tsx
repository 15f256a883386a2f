import type { ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../i18n/context';
import { Button } from '../ui/button';
import { Empty } from '../ui/empty';
import { List } from '../ui/list';
import { PullRefresh } from '../ui/pull-refresh';
import { Skeleton } from '../ui/skeleton';
import { addStyles } from '../ui/styles';
import { cx } from '../ui/shared/bem';
import { listProps, pullRefreshProps, type Group, type PagedSlice } from './paged';
import type { Resource } from './resource';
import css from './views.css';

addStyles(css, 'kit', 'views');

/**
 * Empty, not-found and failed states share one look: the Empty picture and text with one primary button under it,
 * the way forward (Retry, Back, what fills the list). A screen's own empty state passes its button the same way
 * (`<Empty text>{<Button variant="primary">…}</Empty>`, PagedList's `empty.action`).
 *
 * A load that failed with nothing to show: what failed, and Retry. `inline` is one line inside a card (a part of a
 * card that could not load); `bare` is the full state without a card of its own (inside a card already).
 */
export function LoadFailed({
  text,
  onRetry,
  bare,
  inline,
}: {
  text: string;
  onRetry: () => void;
  bare?: boolean;
  inline?: boolean;
}) {
  const t = useT();
  if (inline) {
    return (
      <p className="ma-load-failed" role="alert">
        <span>{text}</span>
        <button type="button" className="ma-link" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  const body = (
    <Empty text={text}>
      <Button variant="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Empty>
  );
  return bare ? (
    <div role="alert">{body}</div>
  ) : (
    <section className="ma-card" role="alert">
      {body}
    </section>
  );
}

/** What was asked for does not exist (an old link): say so, with the way back. */
export function NotFound({ text, onBack }: { text: string; onBack: () => void }) {
  const t = useT();
  return (
    <section className="ma-card">
      <Empty text={text}>
        <Button variant="primary" onClick={onBack}>
          {t('common.back')}
        </Button>
      </Empty>
    </section>
  );
}

/** Data on screen whose last refresh failed: it stays, with a quiet notice and Retry. */
export function RefreshFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="ma-notice" role="alert">
      <span>{t('common.refreshFailed')}</span>
      <button type="button" className="ma-link" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export interface ResourceViewProps<T> {
  resource: Resource<T>;
  /** Stands in on the first load. */
  skeleton: ReactNode;
  /** Says what could not be loaded when there is nothing to show. */
  failed: string;
  /** Inside a card already: the failure without a card of its own. */
  bare?: boolean;
  /** A part of a card: the failure as one line with Retry. */
  inline?: boolean;
  /** What Retry does instead of reloading this resource alone (resources that load and fail together). */
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}

/**
 * One resource's four faces: a skeleton on the first load; the data, dimmed and busy while it answers an earlier
 * choice; the data with a notice and Retry when a refresh failed (nothing shown is taken away); the failure with
 * Retry when there is nothing to show.
 */
export function ResourceView<T>({ resource, skeleton, failed, bare, inline, onRetry, children }: ResourceViewProps<T>) {
  useSignals();
  const data = resource.data.value;
  const error = resource.error.value !== undefined;
  const retry = onRetry ?? (() => void resource.reload());
  if (data === undefined)
    return error ? <LoadFailed text={failed} onRetry={retry} bare={bare} inline={inline} /> : <>{skeleton}</>;
  const stale = resource.stale.value;
  return (
    <>
      {error && <RefreshFailed onRetry={retry} />}
      {stale ? (
        <div className="ma-stale" aria-busy={resource.loading.value ? 'true' : 'false'}>
          {children(data)}
        </div>
      ) : (
        children(data)
      )}
    </>
  );
}

export interface PagedListProps<T, G> {
  /** A source, or one key's list of it (`source.at(key)`, for a tab panel that stays mounted). */
  source: PagedSlice<T, G>;
  item: (item: T) => ReactNode;
  /** The finished, empty list: what to say and the way forward (a button). */
  empty: { text: string; action?: ReactNode };
  /** Stands in until the first page has answered (default: a card's worth of lines). */
  skeleton?: ReactNode;
  /** With the source's group option: each group's header (a month and its totals). */
  groupHeader?: (group: Group<T, G>) => ReactNode;
  /** Wraps the list in its own pull to refresh (a failed refresh rejects, so the head never says "Refreshed"). */
  pull?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
}

/**
 * An infinite list over a paged source: a skeleton until the first page answers, the empty state with its way
 * forward, "tap to reload" when a page fails, the next page as the end comes into view, optional group headers.
 */
export function PagedList<T, G>({
  source,
  item,
  empty,
  skeleton,
  groupHeader,
  pull,
  className,
  ...aria
}: PagedListProps<T, G>) {
  useSignals();
  const props = listProps(source);
  const items = source.items.value;
  const none = items.length === 0;
  const isEmpty = none && props.finished && !props.error;
  const first = none && !props.finished && !props.error;
  const body = (
    <div className={cx('ma-paged', className)}>
      {first ? (skeleton ?? <Skeleton title rows={2} />) : null}
      {isEmpty ? <Empty text={empty.text}>{empty.action}</Empty> : null}
      <List {...props} finishedText={isEmpty ? '' : undefined} {...aria}>
        {groupHeader ? source.groups.value.map((g) => [groupHeader(g), ...g.items.map(item)]) : items.map(item)}
      </List>
    </div>
  );
  return pull ? <PullRefresh {...pullRefreshProps(source)}>{body}</PullRefresh> : body;
}
