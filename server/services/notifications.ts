/** Notifications: what the header's bell counts (the list and read marks come with their screen). */
import { stmt, type DB } from '../db/index';

/** Messages addressed to the user, or to everyone (user_id NULL), that the user has not read. */
export function unreadTotal(db: DB, userId: number): number {
  return stmt<{ n: number }>(db, `SELECT COUNT(*) AS n FROM notifications n
    WHERE (n.user_id = ? OR n.user_id IS NULL)
      AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ?)`).get(userId, userId)!.n;
}

/** Adds `count` system announcements for the user, in one transaction (the test API's way to fill the bell). */
export function announce(db: DB, userId: number, count: number, nowIso: string): void {
  const insert = stmt(db, "INSERT INTO notifications (user_id, category, title, content, created_at) VALUES (?, 'announcement', ?, '', ?)");
  db.transaction(() => {
    for (let i = 1; i <= count; i++) insert.run(userId, `Test notice ${i}`, nowIso);
  })();
}
