/**
 * The ad centre's own calls: the data overview (statistics), the daily sign-in, the shop level and the live
 * broadcast ticker. (Issue 11; owner: the overview/level/broadcast helper.)
 */
import type { FastifyInstance } from 'fastify';

export function adCenterRoutes(app: FastifyInstance): void {
  void app;
}
