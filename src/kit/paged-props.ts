// A paged source's state as the List and PullRefresh take it.
import type { ListProps } from '../ui/list/List';
import type { PullRefreshProps } from '../ui/pull-refresh/PullRefresh';
import type { PagedSlice } from './paged-types';

/** The List's state props for a source: `<List {...listProps(source)}>`. Read during render, so it tracks. */
export function listProps<T, G>(
  source: PagedSlice<T, G>,
): Pick<ListProps, 'loading' | 'finished' | 'error' | 'onLoad'> {
  return {
    loading: source.loading.value,
    finished: source.finished.value,
    error: source.error.value !== undefined,
    onLoad: () => void source.loadMore(),
  };
}

/** PullRefresh's onRefresh for a source: a failed refresh rejects, so the head shows no "Refreshed". */
export function pullRefreshProps<T, G>(source: PagedSlice<T, G>): Pick<PullRefreshProps, 'onRefresh'> {
  return {
    onRefresh: () =>
      source.refresh().then((ok) => {
        // The failure as the list met it: an ApiError, or whatever its loader threw.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        if (!ok) throw source.error.peek() ?? new Error('refresh superseded');
      }),
  };
}
