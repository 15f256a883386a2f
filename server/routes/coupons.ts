/**
 * Coupons, newcomer activities and plan follow (issue 11). The rules live in the services; routes pass the
 * merchant, the client's time zone (X-TZ) and the clock.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser, route } from '../http/route';
import { listActivities, receiveActivity } from '../services/activities';
import { listCoupons, receiveCoupon } from '../services/coupons';
import { follow, listFollows } from '../services/follow';

export function couponRoutes(app: FastifyInstance): void {
  const db = app.db;
  const now = () => new Date(app.clock());

  route(app, 'couponList', (ctx) => listCoupons(db, requireUser(ctx).id, ctx.input, now()));
  route(app, 'couponReceive', (ctx) => receiveCoupon(db, requireUser(ctx).id, ctx.input, ctx.tz, now()));

  route(app, 'activities', (ctx) => listActivities(db, requireUser(ctx).id, ctx.tz, now()));
  route(app, 'activityReceive', (ctx) => receiveActivity(db, requireUser(ctx).id, ctx.input, ctx.tz, now()));

  route(app, 'assistanceList', (ctx) => listFollows(db, requireUser(ctx).id, ctx.input));
  route(app, 'assistanceFollow', (ctx) => follow(db, requireUser(ctx), ctx.input.proxy_id, now()));
}
