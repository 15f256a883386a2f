import { untracked } from '@preact/signals-react';
import { ApiError } from '../../../api/client';
import { Reason, type Product } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { claims, createModel, createResource } from '../../../kit';

const notFound = (e: ApiError) => e.kind === 'business' && e.data.reason === Reason.NOT_FOUND;

/** A plan's product (`planAppDetail`, `?id=` the plan's); null when there is no such plan of this merchant. */
export const GoodsDetailModel = createModel((app: AppServices, id: number) => ({
  product: createResource<Product | null>((s) => untracked(() => {
    if (!Number.isInteger(id) || id < 1) return Promise.resolve(null);
    return app.request('planAppDetail', { id }, { signal: s, claims: (e) => notFound(e) || claims.load(e) })
      .catch((e: unknown) => {
        if (e instanceof ApiError && notFound(e)) return null;
        throw e;
      });
  })),
}));
