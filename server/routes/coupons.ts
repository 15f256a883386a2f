/**
 * Coupons, newcomer activities and plan follow (issue 11; owner: the coupons/activities/follow helper).
 */
import type { FastifyInstance } from 'fastify';

export function couponRoutes(app: FastifyInstance): void {
  void app;
}
