/**
 * The plans: the order list with its tabs' counts, a plan's detail and product, the await-put count and
 * the put. The rules live in services/plans; routes pass the merchant and the clock. Delivery is brought up to date
 * (services/plans/simulation.ts, at most once a minute or once a step at a fast pace) before any answer that shows a plan's figures, so they
 * move while the merchant watches.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser, route } from '../http/route';
import { ensureDelivered } from '../services/plans/simulation';
import { putPlan } from '../services/plans/put';
import { awaitPutCount, listPlans, planDetail, planProduct } from '../services/plans/read';

export function planRoutes(app: FastifyInstance): void {
  const db = app.db;
  const now = () => new Date(app.clock());
  const delivered = () => ensureDelivered(db, app.clock());

  route(app, 'planList', async (ctx) => {
    const user = requireUser(ctx);
    await delivered();
    return listPlans(db, user.id, ctx.input);
  });
  route(app, 'planDetail', async (ctx) => {
    const user = requireUser(ctx);
    await delivered();
    return planDetail(db, user.id, ctx.input.id);
  });
  route(app, 'planAppDetail', (ctx) => planProduct(db, requireUser(ctx).id, ctx.input.id));
  route(app, 'planAwaitCount', (ctx) => awaitPutCount(db, requireUser(ctx).id));
  route(app, 'planPut', async (ctx) => {
    const user = requireUser(ctx);
    await delivered();
    return putPlan(db, user.id, ctx.input, now());
  });
}
