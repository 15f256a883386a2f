import { defineScreen } from '../../define';
import { GoodsDetail } from './GoodsDetail';
import css from './goods-detail.css';
import { goodsDetailRoute } from './route';

export const goodsDetailScreen = defineScreen(goodsDetailRoute, GoodsDetail, css);
