import { untracked } from '@preact/signals-react';
import * as planCalls from '../../../api/calls/plan';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';
import { byPlanId } from '../shared/by-id';

/** A plan's product (`planAppDetail`, `?id=` the plan's); null when there is no such plan of this merchant. */
export const GoodsDetailModel = createModel((app: AppServices, id: number) => ({
  product: createResource((s) => untracked(() => byPlanId(app, planCalls.planAppDetail, id, s))),
}));
