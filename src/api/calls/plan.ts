/**
 * Plans: the list, a plan's detail and product, and putting one.
 * One module of the call table (api/calls/index.ts).
 */
import type { Call } from '../call';
import type { PlanDetail, PlanPage, Product, PutResult } from '../shapes/plan';

export const planList = 'GET /plan/order/list' as Call<PlanPage, 'planList'>;
export const planDetail = 'POST /plan/order/detail' as Call<PlanDetail, 'planDetail'>;
export const planAppDetail = 'POST /plan/order/app/detail' as Call<Product, 'planAppDetail'>;
export const planPut = 'POST /plan/order/put' as Call<PutResult, 'planPut'>;
export const planAwaitCount = 'POST /plan/order/await/put/count' as Call<{ count: number }, 'planAwaitCount'>;
