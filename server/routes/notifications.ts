/** The inbox: the merchant's messages, read marks and the unread count the header's bell shows. */
import type { FastifyInstance } from 'fastify';
import { requireUser, route } from '../http/route';
import { listNotifications, markRead, unreadTotal } from '../services/notifications';

export function notificationRoutes(app: FastifyInstance): void {
  const db = app.db;
  route(app, 'unreadNotificationsCount', async (ctx) => ({ unread_total: await unreadTotal(db, requireUser(ctx).id) }));
  route(app, 'notifications', (ctx) => listNotifications(db, requireUser(ctx).id, ctx.input));
  route(app, 'notificationsRead', (ctx) => markRead(db, requireUser(ctx).id, ctx.input, new Date(app.clock())));
}
