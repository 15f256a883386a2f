/**
 * The ad centre's own calls: the data overview (statistics), the daily sign-in, the shop level and the live
 * broadcast ticker. The simulation is brought up to date (services/plans/simulation.ts) before any
 * answer that shows delivery figures, so they move while the merchant watches.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser, route } from '../http/route';
import { createBroadcastCache } from '../services/ad-center/broadcast';
import { ensureDelivered } from '../services/plans/simulation';
import { levelOverview } from '../services/ad-center/levels';
import { signIn } from '../services/ad-center/sign-in';
import { statistics } from '../services/ad-center/statistics';
import { clientZone, statisticsZone } from '../services/ad-center/zone';
import { changeFeedOf } from '../storage/changes';

export function adCenterRoutes(app: FastifyInstance): void {
  route(app, 'statistics', async (ctx) => {
    const user = requireUser(ctx);
    const now = app.clock();
    await ensureDelivered(ctx.db, now);
    return statistics(
      ctx.db,
      user,
      ctx.input.type,
      statisticsZone(ctx.input.user_time_zone, ctx.tz),
      clientZone(ctx.tz),
      now,
    );
  });

  route(app, 'signIn', (ctx) => signIn(ctx.db, requireUser(ctx).id, clientZone(ctx.tz), app.clock()));

  route(app, 'level', async (ctx) => {
    const user = requireUser(ctx);
    await ensureDelivered(ctx.db, app.clock());
    return levelOverview(ctx.db, user.id);
  });

  // Computed at most once per refresh interval and served from memory in between (it needs no session); each
  // server process keeps its own.
  const ticker = createBroadcastCache();
  app.decorate('ticker', ticker);
  // The ticker's notice (services/ad-center/ticker-notices.ts), from whichever process sent it: the apps re-read now.
  const forget = changeFeedOf(app.db).subscribe((changes) => {
    if (changes === 'resync' || changes.some((c) => c.kind === 'ticker')) ticker.expire();
  });
  app.addHook('onClose', async () => forget());
  route(app, 'broadcast', (ctx) => {
    const now = app.clock();
    return ticker.get(ctx.db, now, () => ensureDelivered(ctx.db, now));
  });
}
