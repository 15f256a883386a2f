import { signal } from '@preact/signals-react';
import type { AcceptorOrder } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { claims, createModel, createPagedSource } from '../../../kit';

export const FX_PAGE_SIZE = 10;

/**
 * The acceptance records (`acceptorList`, newest first, paged) and the current acceptance, which every first page
 * carries (undefined until it has answered, null when there is none).
 */
export const FxModel = createModel((app: AppServices) => {
  const current = signal<AcceptorOrder | null | undefined>(undefined);
  const records = createPagedSource<AcceptorOrder>(
    (page, s) =>
      app.request('acceptorList', { page, page_size: FX_PAGE_SIZE }, { signal: s, claims: claims.load }).then((p) => {
        if (page === 1) current.value = p.current;
        return { items: p.list, total: p.total };
      }),
    { pageSize: FX_PAGE_SIZE, id: (o) => o.id },
  );
  /** A code was accepted: it is the current acceptance now, and the records gain it. */
  const opened = (o: AcceptorOrder) => {
    current.value = o;
    records.invalidate();
  };
  return { current, records, opened };
});
