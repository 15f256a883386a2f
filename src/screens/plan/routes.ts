import { inGroup } from '../define';
import { planDetailRoute } from './detail/route';
import { goodsDetailRoute } from './goods-detail/route';
import { planListRoute } from './list/route';

/** The plans file: the list by status, a plan's detail, its product, and the put dialog. Loaded when first opened. */
export const planRoutes = inGroup('plan', [planListRoute, planDetailRoute, goodsDetailRoute]);
