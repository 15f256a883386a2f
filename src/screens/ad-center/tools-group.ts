import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { activitiesScreen } from './activities';
import { couponsScreen } from './coupons';
import { operatedScreen } from './operated';

/** The ad centre's tools file: coupons, newcomer activities and plan follow. Prefetched once a session exists. */
export default defineGroup([activitiesScreen, couponsScreen, operatedScreen]);
