import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { planDetailScreen } from './detail';
import { goodsDetailScreen } from './goods-detail';
import { planListScreen } from './list';

/** The plans file (routes.ts). Prefetched once a session exists: the home screen's grid leads here. */
export default defineGroup([planListScreen, planDetailScreen, goodsDetailScreen]);
