/** Notifications: the unread count the header's bell shows (the list and read marks come with their screen). */
import type { FastifyInstance } from 'fastify';
import { requireUser, route } from '../http/route';
import { unreadTotal } from '../services/notifications';

export function notificationRoutes(app: FastifyInstance): void {
  route(app, 'unreadNotificationsCount', (ctx) => ({ unread_total: unreadTotal(app.db, requireUser(ctx).id) }));
}
