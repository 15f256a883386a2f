import { defineRoute } from '../../define';

/** Spec §2: no notification or language switcher here. */
export const bannerDetailRoute = defineRoute({ path: '/ad-center/banner-detail', backRoute: '/ad-center' });
