/**
 * The screen kit: per-screen state as a model of signals that owns its loading, and is torn down (requests
 * aborted, timers and listeners gone) when the screen unmounts. useModel is the kit's own (see model.ts for
 * why not the library's); createModel is @preact/signals'. Depends only on signals, react (compat),
 * src/ui and src/lib: loaders get what they need (an api client, ids) as arguments or closures.
 *
 * @example A dashboard refreshed every 30 s while visible, and a paged list:
 * ```tsx
 * const DashboardModel = createModel((api: Api) => {
 *   const range = signal<'7d' | '30d'>('7d');
 *   // Reads range.value before its first await: changing the range reloads (and aborts the old request).
 *   const stats = createResource((s) => api.stats(range.value, s), { refreshMs: REFRESH_MS });
 *   const orders = createPagedSource((page, s) => api.orders({ page, size: 20 }, s), { pageSize: 20 });
 *   return { range, stats, orders };
 * });
 * function Dashboard({ api }: { api: Api }) {
 *   const m = useModel(() => new DashboardModel(api)); // disposed in the unmount: timer, listener, requests
 *   return (
 *     <PullRefresh onRefresh={() => Promise.all([m.stats.reload(), pullRefreshProps(m.orders).onRefresh()])}>
 *       <Stats data={m.stats.data.value} />
 *       <List {...listProps(m.orders)}>{m.orders.items.value.map((o) => <OrderRow key={o.id} order={o} />)}</List>
 *     </PullRefresh>
 *   );
 * }
 * ```
 */
export { createModel, useModel, disposeModel, type Model, type ModelConstructor } from './model';
export { createResource, useResource, isAbortError, refreshAll, type Resource, type ResourceOptions } from './resource';
export { createPagedSource, listProps, pullRefreshProps, type Group, type Page, type PagedSlice, type PagedSource, type PagedSourceOptions } from './paged';
export { claims } from './claims';
export { createKeyedAction, type ActionOutcome, type KeyedAction, type KeyedActionOptions, type Refusal } from './action';
export { LoadFailed, NotFound, PagedList, RefreshFailed, ResourceView, type PagedListProps, type ResourceViewProps } from './views';
