/**
 * Investment, defined once (and written in the contract, src/api/shapes/ad-center.ts, on Statistics.investment_amount
 * and LevelOverview.total_investment): the put amounts of the merchant's plans that were put for delivery, i.e.
 * every plan except one still waiting to be put (waitPut) or whose put failed (putFailed), since neither spent
 * anything. The level thresholds count it over all time; the overview counts the plans created in its period.
 */
import { stmt, type DB } from '../../db/index';

/** Plans that are not investment: nothing was put (yet) or the put failed. */
const NOT_PUT = "('waitPut', 'putFailed')";

export interface Investment { cents: number; plans: number }

/** The merchant's investment, over all time or over plans created in [fromIso, toIso). */
export function investment(db: DB, userId: number, range?: { fromIso: string; toIso: string }): Investment {
  return stmt<Investment>(db, `SELECT COALESCE(SUM(put_amount_cents), 0) AS cents, COUNT(*) AS plans
    FROM plans WHERE user_id = ? AND status NOT IN ${NOT_PUT} AND created_at >= ? AND created_at < ?`)
    .get(userId, range?.fromIso ?? '', range?.toIso ?? '\uffff')!;
}
