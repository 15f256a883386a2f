/**
 * Coupons, newcomer activities and plan follow, and the wallet's figures the coupons screen shows
 * (`/user/property`, until the wallet's own routes come). The rules live in the services; routes pass the
 * merchant, the client's time zone (X-TZ) and the clock.
 */
import type { FastifyInstance } from 'fastify';
import { reserveGuess } from '../http/guess';
import { requireUser, route } from '../http/route';
import { listActivities, receiveActivity } from '../services/activities';
import { listCoupons, receiveCoupon } from '../services/coupons';
import { Refusal } from '../services/errors';
import { clientZone } from '../services/ad-center/zone';
import { propertyOf } from '../services/property';
import { follow, listFollows, unfollow } from '../services/follow';

export function couponRoutes(app: FastifyInstance): void {
  const db = app.db;
  const now = () => new Date(app.clock());

  route(app, 'couponList', (ctx) => listCoupons(db, requireUser(ctx).id, ctx.input, now()));
  route(app, 'couponReceive', (ctx) => receiveCoupon(db, requireUser(ctx).id, ctx.input, ctx.tz, now()));
  route(app, 'property', (ctx) => propertyOf(db, requireUser(ctx), clientZone(ctx.tz), app.clock()));

  route(app, 'activities', (ctx) => listActivities(db, requireUser(ctx).id, ctx.tz, now()));
  route(app, 'activityReceive', (ctx) => receiveActivity(db, requireUser(ctx).id, ctx.input, ctx.tz, now()));

  route(app, 'assistanceList', (ctx) => listFollows(db, requireUser(ctx).id, ctx.input));
  route(app, 'assistanceFollow', async (ctx) => {
    const user = requireUser(ctx);
    // Trying proxy IDs one after another maps who the merchants are: wrong ones are limited per merchant, reserved
    // before the check (so parallel tries cannot pass the limit), and a follow that works does not reset the count.
    const ticket = await reserveGuess(ctx, `follow:${user.id}`);
    try {
      return ticket.pass(await follow(db, user, ctx.input.proxy_id, now()));
    } catch (e) {
      if (e instanceof Refusal && e.reason === 'id_error') ticket.miss(e);
      throw e;
    }
  });
  route(app, 'assistanceUnfollow', (ctx) => unfollow(db, requireUser(ctx).id, ctx.input, now()));
}
