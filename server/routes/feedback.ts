/** Feedback: a merchant's message to the operator (with images uploaded first) and the list of their own. */
import type { FastifyInstance } from 'fastify';
import { requireUser, route } from '../http/route';
import { listFeedback, submitFeedback } from '../services/feedback';

export function feedbackRoutes(app: FastifyInstance): void {
  const db = app.db;
  route(app, 'feedback', (ctx) => submitFeedback(db, requireUser(ctx).id, ctx.input, new Date(app.clock())));
  route(app, 'feedbackList', (ctx) => listFeedback(db, requireUser(ctx).id, ctx.input));
}
