import { defineRoute } from '../../define';

/** A banner's page: no notification bell or language switcher here, only the way back. */
export const bannerDetailRoute = defineRoute({ path: '/ad-center/banner-detail', backRoute: '/ad-center' });
