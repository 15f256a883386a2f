import { signal, untracked } from '@preact/signals-react';
import * as walletCalls from '../../../api/calls/wallet';
import type { BankCard, FundingDetail, MonthTotals, Property, WithdrawResult } from '../../../api/shapes/wallet';
import type { AppServices } from '../../../app/context';
import { createModel, createPagedSource, createResource, loadFailures } from '../../../kit';
import { noticesOf } from '../../shared/live-changes';

export const FLOW_PAGE_SIZE = 20;
/**
 * How often the figures are asked again while the wallet is shown, the page visible and the change stream down (30 s,
 * as the ad-centre overview; docs/product.md, "Refresh and polling"); with the stream up, a wallet notice does it.
 */
const FIGURES_REFRESH_MS = 30_000;

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * A row's month, YYYY-MM, in this device's zone: the zone the requests name in X-TZ, so it is the month the
 * server's totals were cut in.
 */
export const monthOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
};

/**
 * The wallet (`/wallet`): its figures (`property`, refreshed while shown), the bound card or address
 * (`bankCardDetail`: where a withdrawal goes), and the ledger (`flowList`), newest first, grouped by month with
 * each month's full totals from the pages (`months`).
 */
export const WalletModel = createModel((app: AppServices) => {
  // A withdrawal's answer carries the figures after it: shown as the next "load", without asking again.
  let given: Property | undefined;
  const property = createResource(
    (s) => {
      const p = given;
      given = undefined;
      return p
        ? Promise.resolve(p)
        : untracked(() => app.request(walletCalls.property, undefined, { signal: s, handles: loadFailures }));
    },
    { refreshMs: FIGURES_REFRESH_MS, changes: noticesOf(app, ['wallet']) },
  );
  const card = createResource<BankCard | null>((s) =>
    untracked(() => app.request(walletCalls.bankCardDetail, undefined, { signal: s, handles: loadFailures })),
  );

  /** Every month's totals the loaded pages brought; page 1 (a refresh) starts afresh. */
  const months = signal<ReadonlyMap<string, MonthTotals>>(new Map());
  const flow = createPagedSource<FundingDetail, MonthTotals | undefined>(
    (page, s) =>
      app
        .request(walletCalls.flowList, { page, page_size: FLOW_PAGE_SIZE }, { signal: s, handles: loadFailures })
        .then((p) => {
          const next = new Map(page === 1 ? [] : months.peek());
          for (const m of p.months) next.set(m.month, m);
          months.value = next;
          return { items: p.list, total: p.total };
        }),
    {
      pageSize: FLOW_PAGE_SIZE,
      id: (f) => f.id,
      // A movement made elsewhere (a settlement, a put on another device) shows in the pages already loaded.
      changes: noticesOf(app, ['wallet']),
      group: { key: (f) => monthOf(f.time), totals: (items) => months.value.get(monthOf(items[0].time)) },
    },
  );

  /** A withdrawal went through: its figures at once, its row on top, and the month's totals from the server. */
  const withdrawn = (r: WithdrawResult) => {
    given = r.property;
    void property.reload();
    flow.prepend(r.flow);
    flow.invalidate();
  };
  /** The server refused for a reason the screen had not shown (funds, password, card changed elsewhere). */
  const recheck = () => Promise.all([property.reload(), card.reload()]);

  return { property, card, flow, months, withdrawn, recheck };
});
