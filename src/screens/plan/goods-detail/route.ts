import { defineRoute } from '../../define';

/** A transparent header over the product's picture (white, on the picture's top scrim). */
export const goodsDetailRoute = defineRoute({ path: '/plan/goods-detail', header: 'transparent', white: true });
