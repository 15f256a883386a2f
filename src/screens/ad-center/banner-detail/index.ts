import { defineScreen } from '../../define';
import { BannerDetail } from './BannerDetail';
import css from './banner-detail.css';
import { bannerDetailRoute } from './route';

export const bannerDetailScreen = defineScreen(bannerDetailRoute, BannerDetail, css);
