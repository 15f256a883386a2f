import { defineScreen } from '../../define';
import { BannerDetail } from './BannerDetail';
import css from './banner-detail.css';

/** Spec §2: no notification or language switcher here. */
export const bannerDetailRoute = defineScreen({ path: '/ad-center/banner-detail', backRoute: '/ad-center', component: BannerDetail, css });
