import { untracked } from '@preact/signals-react';
import * as walletCalls from '../../../api/calls/wallet';
import type { AcceptorOrder } from '../../../api/shapes/wallet';
import type { AppServices } from '../../../app/context';
import { createModel, createPagedSource, createResource, loadFailures } from '../../../kit';

export const FX_PAGE_SIZE = 10;

/**
 * The current acceptance (a resource of its own, so a failed load is a failure with Retry, never "none in
 * progress"; null when there is none) and the acceptance records (`acceptorList`, newest first, paged).
 */
export const FxModel = createModel((app: AppServices) => {
  const current = createResource<AcceptorOrder | null>((s) =>
    untracked(() =>
      app
        .request(walletCalls.acceptorList, { page: 1, page_size: 1 }, { signal: s, handles: loadFailures })
        .then((p) => p.current),
    ),
  );
  const records = createPagedSource<AcceptorOrder>(
    (page, s) =>
      app
        .request(walletCalls.acceptorList, { page, page_size: FX_PAGE_SIZE }, { signal: s, handles: loadFailures })
        .then((p) => ({ items: p.list, total: p.total })),
    { pageSize: FX_PAGE_SIZE, id: (o) => o.id },
  );
  /** A code was accepted: it is the current acceptance now, and the records gain it. */
  const opened = () => {
    void current.reload();
    records.invalidate();
  };
  return { current, records, opened };
});
