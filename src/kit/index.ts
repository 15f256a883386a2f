/**
 * The screen kit: per-screen state as a model of signals that owns its loading, and is torn down (requests
 * aborted, timers and listeners gone) when the screen unmounts; and the views every screen that loads something
 * shows it with. useModel is the kit's own (see model.ts for why not the library's); createModel is @preact/signals'.
 * Depends on signals, react (compat), src/ui, src/i18n, src/api and src/lib: loaders get what they need (the app's
 * request, ids) as arguments or closures.
 *
 * - Data: `createResource` (one answer, reloads on tracked signals, `refreshMs` pauses while hidden, `stale` while
 *   it answers an earlier choice); `createPagedSource` (pages; `key` swaps the page set per tab or filter and each
 *   keeps its place, `pollMs`, `id` dedupe, `group` with totals, `invalidate`, `prepend`, `update`).
 * - Views: `ResourceView` (skeleton, stale dimmed, refresh-failed notice, failure with Retry) and `PagedList`
 *   (skeleton, empty state with its way forward, "tap to reload", infinite scroll, optional pull to refresh).
 * - Failures: `loadFailures` for a load the screen shows itself, `anyFailure` for decoration: one rule, so a
 *   failure is said once.
 * - Actions: `createKeyedAction` (one request in flight per item, a fresh request_id per tap, refusals worded).
 * - Prompts (import from './prompts', kept out of this index so only the screens that use them carry them):
 *   `confirmSheet` and the 6-digit `passwordPrompt`, both on overlays.open().
 *
 * @example A dashboard refreshed every 30 s while visible, and a list keyed by a tab:
 * ```tsx
 * const DashboardModel = createModel((app: AppServices) => {
 *   const range = signal<'7d' | '30d'>('7d');
 *   const tab = signal<'open' | 'done'>('open');
 *   // Reads range.value before its first await: changing the range reloads (and aborts the old request).
 *   const stats = createResource((s) => app.request(statsCalls.stats, { range: range.value }, { signal: s, handles: loadFailures }), { refreshMs: REFRESH_MS });
 *   const orders = createPagedSource(
 *     (page, s, state) => app.request(orderCalls.orders, { state, page }, { signal: s, handles: loadFailures }).then((p) => ({ items: p.list, total: p.total })),
 *     { pageSize: 20, key: () => tab.value, id: (o) => o.id },
 *   );
 *   return { range, tab, stats, orders };
 * });
 * function Dashboard() {
 *   const app = useApp();
 *   const m = useModel(() => new DashboardModel(app)); // disposed in the unmount: timers, listeners, requests
 *   return (
 *     <PullRefresh onRefresh={() => refreshAll(m.stats)}>
 *       <ResourceView resource={m.stats} failed={t('stats.loadFailed')} skeleton={<Skeleton rows={4} />}>
 *         {(stats) => <Stats data={stats} />}
 *       </ResourceView>
 *       <Tabs items={TABS} active={m.tab.value} onChange={(k) => (m.tab.value = k)}>
 *         {(k) => <PagedList source={m.orders.at(k)} item={(o) => <OrderRow key={o.id} order={o} />} empty={{ text: t('orders.none') }} />}
 *       </Tabs>
 *     </PullRefresh>
 *   );
 * }
 * ```
 */
export { createModel, useModel, disposeModel, type Model, type ModelConstructor } from './model';
export { createResource, useResource, isAbortError, refreshAll, type Resource, type ResourceOptions } from './resource';
export {
  createPagedSource,
  listProps,
  pullRefreshProps,
  type Group,
  type Page,
  type PagedSlice,
  type PagedSource,
  type PagedSourceOptions,
} from './paged';
export { anyFailure, loadFailures } from './handled-failures';
export {
  createKeyedAction,
  type ActionOutcome,
  type KeyedAction,
  type KeyedActionOptions,
  type Refusal,
} from './action';
export {
  LoadFailed,
  NotFound,
  PagedList,
  RefreshFailed,
  ResourceView,
  type PagedListProps,
  type ResourceViewProps,
} from './views';
