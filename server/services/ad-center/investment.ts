/**
 * Investment, defined once (and written in the contract, src/api/shapes/ad-center.ts, on Statistics.investment_amount
 * and LevelOverview.total_investment): the put amounts of the merchant's plans that were put for delivery, i.e.
 * every plan except one still waiting to be put (waitPut) or whose put failed (putFailed), since neither spent
 * anything. The level thresholds count it over all time; the overview counts the plans created in its period.
 */
import type { Db } from '../../storage/engine';
import { sumPutPlans } from '../../storage/plans';

export interface Investment {
  cents: number;
  plans: number;
}

/** The merchant's investment, over all time or over plans created in [fromIso, toIso). */
export async function investment(
  db: Db,
  userId: number,
  range?: { fromIso: string; toIso: string },
): Promise<Investment> {
  return sumPutPlans(db, userId, range);
}
