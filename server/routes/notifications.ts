/** Notifications: the unread count the header's bell shows (the list and read marks come with their screen). */
import type { FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import { stmt } from '../db/index';
import { requireUser, route } from '../http/route';

/** Messages addressed to the user, or to everyone (user_id NULL), that the user has not read. */
export function unreadTotal(db: Database.Database, userId: number): number {
  const row = stmt(
    db,
    `SELECT COUNT(*) AS n FROM notifications n
     WHERE (n.user_id = ? OR n.user_id IS NULL)
       AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ?)`,
  ).get(userId, userId) as { n: number };
  return row.n;
}

export function notificationRoutes(app: FastifyInstance): void {
  route(app, 'unreadNotificationsCount', (ctx) => ({ unread_total: unreadTotal(app.db, requireUser(ctx).id) }));
}
