/**
 * The merchant's inbox (/notification): messages to everyone (user_id NULL) and to this merchant
 * alone, newest first, with the read state the server keeps per merchant (notification_reads), so a message read
 * on one device reads as read on every other. Titles and bodies are operator text per language; bodies are rich
 * text, sanitized before they are stored (addNotification) and bounded again as they are served.
 */
import type { Localized, RichText } from '../../src/api/shapes/config';
import type { Notification, NotificationCategory, NotificationPage, NotificationReadState } from '../../src/api/shapes/messages';
import { stmt, type DB } from '../db/index';
import { clipRichText, sanitizeRichText } from '../lib/sanitize';
import { InvalidInput, Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

/** What a merchant may see: messages to everyone and to them. `@user` is the merchant. */
const VISIBLE = '(n.user_id = @user OR n.user_id IS NULL)';

/** Messages addressed to the user, or to everyone (user_id NULL), that the user has not read. */
export function unreadTotal(db: DB, userId: number): number {
  return stmt<{ n: number }>(db, `SELECT COUNT(*) AS n FROM notifications n
    WHERE ${VISIBLE}
      AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = @user)`).get({ user: userId })!.n;
}

interface Row { id: number; category: NotificationCategory; title: string; content: string; created_at: string; read: 0 | 1 }

/** Stored text per language; a value that is not such a map (never written since migration 9) reads as English. */
function localized(text: string): Localized {
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
  } catch {
    /* not JSON: an English text */
  }
  return { en: text };
}

const toNotification = (r: Row): Notification => ({
  id: r.id, category: r.category, title: localized(r.title), content: clipRichText(localized(r.content)),
  create_time: r.created_at, read: r.read === 1,
});

export interface ListInput {
  category?: NotificationCategory | undefined;
  read_state?: NotificationReadState | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

// One statement for every filter: a NULL parameter means "any"; @read 1 = read only, 0 = unread only.
const FILTERED = `FROM notifications n
  LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = @user
  WHERE ${VISIBLE} AND (@category IS NULL OR n.category = @category)
    AND (@read IS NULL OR (r.notification_id IS NOT NULL) = @read)`;

/** A page of the merchant's messages (newest first), the filter's total, and the unread count over all categories. */
export function listNotifications(db: DB, userId: number, input: ListInput): NotificationPage {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const category = input.category ?? null;
  const read = input.read_state === undefined ? null : input.read_state === 'read' ? 1 : 0;
  const filter = { user: userId, category, read };
  return db.transaction(() => {
    const { n } = stmt<{ n: number }>(db, `SELECT COUNT(*) AS n ${FILTERED}`).get(filter)!;
    const rows = stmt<Row>(db, `SELECT n.id, n.category, n.title, n.content, n.created_at,
        (r.notification_id IS NOT NULL) AS read ${FILTERED}
      ORDER BY n.created_at DESC, n.id DESC LIMIT @limit OFFSET @offset`).all({ ...filter, limit: pageSize, offset: (page - 1) * pageSize });
    return { list: rows.map(toNotification), total: n, page, page_size: pageSize, unread_total: unreadTotal(db, userId) };
  })();
}

export interface ReadInput { id?: number | undefined; all?: boolean | undefined }

/**
 * Marks one message read (only one this merchant can see: any other is not_found, whether it exists or not, so
 * nothing is told about other merchants' messages; one already read stays read), or with `all` every visible
 * unread one in a single statement. Answers the unread count after it.
 */
export function markRead(db: DB, userId: number, input: ReadInput, now: Date): { unread_total: number } {
  const at = now.toISOString();
  return db.transaction(() => {
    if (input.all === true) {
      stmt(db, `INSERT OR IGNORE INTO notification_reads (user_id, notification_id, read_at)
        SELECT @user, n.id, @at FROM notifications n WHERE ${VISIBLE}`).run({ user: userId, at });
    } else {
      if (input.id === undefined) throw new InvalidInput('id', 'required');
      const visible = stmt(db, `SELECT 1 FROM notifications n WHERE n.id = @id AND ${VISIBLE}`).get({ user: userId, id: input.id });
      if (!visible) throw new Refusal('not_found');
      stmt(db, 'INSERT OR IGNORE INTO notification_reads (user_id, notification_id, read_at) VALUES (?, ?, ?)').run(userId, input.id, at);
    }
    return { unread_total: unreadTotal(db, userId) };
  }).immediate();
}

export interface NewNotification {
  /** null: to everyone. */
  userId: number | null;
  category: NotificationCategory;
  title: Localized;
  content: RichText;
  createdAt: string;
  /** A seeded message's key: the seed adds each once (INSERT OR IGNORE). */
  seedKey?: string;
}

/**
 * Stores a message, its body sanitized (the one way rows are written: the seed, the test API). Answers its id, or
 * null when a message with this seed key is already there. Inside the caller's transaction, if any.
 */
export function addNotification(db: DB, m: NewNotification): number | null {
  const r = stmt(db, `INSERT OR IGNORE INTO notifications (user_id, category, title, content, created_at, seed_key)
    VALUES (?, ?, ?, ?, ?, ?)`).run(m.userId, m.category, JSON.stringify(m.title), JSON.stringify(sanitizeRichText(m.content)), m.createdAt, m.seedKey ?? null);
  return r.changes ? Number(r.lastInsertRowid) : null;
}

/** Records that the user has read the message (the seed's and the test API's read messages). */
export function recordRead(db: DB, userId: number, notificationId: number, at: string): void {
  stmt(db, 'INSERT OR IGNORE INTO notification_reads (user_id, notification_id, read_at) VALUES (?, ?, ?)').run(userId, notificationId, at);
}

/** "Test notice" in every language (the test API's announcements: a title for any language a test runs in). */
const TEST_NOTICE: Localized = {
  cht: '測試通知', de: 'Testmitteilung', en: 'Test notice', fr: 'Avis de test', jp: 'テスト通知', kor: '테스트 알림',
  pt: 'Aviso de teste', ru: 'Тестовое уведомление', spa: 'Aviso de prueba', th: 'ประกาศทดสอบ', vi: 'Thông báo thử nghiệm', zh: '测试通知',
};

/** Adds `count` unread system announcements for the user, in one transaction (the test API's way to fill the bell). */
export function announce(db: DB, userId: number, count: number, nowIso: string): void {
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const title = Object.fromEntries(Object.entries(TEST_NOTICE).map(([lang, text]) => [lang, `${text} ${i}`]));
      addNotification(db, { userId, category: 'announcement', title, content: {}, createdAt: nowIso });
    }
  })();
}
