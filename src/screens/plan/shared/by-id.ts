import type * as planCalls from '../../../api/calls/plan';
import { ApiError } from '../../../api/client';
import type { Req, Res } from '../../../api/call';
import type { AppServices } from '../../../app/context';
import { loadFailures } from '../../../kit';

const notFound = (e: ApiError) => e.kind === 'business' && e.data.reason === 'not_found';

/**
 * A plan's detail or product by its `?id=`: null when there is no such plan of this merchant (an old or edited
 * link), which the screen shows as NotFound with the way back, not as a failure to retry. Every other failure is
 * the screen's to show (loadFailures).
 */
export function byPlanId<C extends typeof planCalls.planDetail | typeof planCalls.planAppDetail>(
  app: AppServices,
  call: C,
  id: number,
  signal: AbortSignal,
): Promise<Res<C> | null> {
  if (!Number.isInteger(id) || id < 1) return Promise.resolve(null);
  // Both calls take { id } (the contract's planById); a generic call cannot show TypeScript that.
  return app
    .request(call, { id } as Req<C>, { signal, handles: (e) => notFound(e) || loadFailures(e) })
    .catch((e: unknown) => {
      if (e instanceof ApiError && notFound(e)) return null;
      throw e;
    });
}
