import { defineRoute } from '../../define';

/** Spec §2: a transparent header over the product's picture (white, on the picture's top scrim). */
export const goodsDetailRoute = defineRoute({ path: '/plan/goods-detail', header: 'transparent', white: true });
