/**
 * The merchant's inbox (/notification): messages to everyone (user_id NULL) and to this merchant
 * alone, newest first, with the read state the server keeps per merchant (notification_reads), so a message read
 * on one device reads as read on every other. Titles and bodies are operator text per language; bodies are rich
 * text, sanitized before they are stored (addNotification) and bounded again as they are served.
 */
import type { Localized, RichText } from '../../src/api/shapes/config';
import type {
  Notification,
  NotificationCategory,
  NotificationPage,
  NotificationReadState,
} from '../../src/api/shapes/messages';
import type { Db } from '../storage/engine';
import {
  countMessages,
  countUnread,
  insertMessage,
  insertRead,
  insertReadsOfAllVisible,
  isVisibleTo,
  listMessages,
  type MessageRow,
} from '../storage/notifications';
import { inTransaction } from '../storage/transaction';
import { clipRichText, sanitizeRichText } from '../lib/sanitize';
import { InvalidInput, Refusal } from './errors';

export const DEFAULT_PAGE_SIZE = 10;

/** Messages addressed to the user, or to everyone (user_id NULL), that the user has not read. */
export async function unreadTotal(db: Db, userId: number): Promise<number> {
  return countUnread(db, userId);
}

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

const toNotification = (r: MessageRow): Notification => ({
  id: r.id,
  category: r.category as NotificationCategory,
  title: localized(r.title),
  content: clipRichText(localized(r.content)),
  create_time: r.created_at,
  read: r.read_id !== null,
});

export interface ListInput {
  category?: NotificationCategory | undefined;
  read_state?: NotificationReadState | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** A page of the merchant's messages (newest first), the filter's total, and the unread count over all categories. */
export async function listNotifications(db: Db, userId: number, input: ListInput): Promise<NotificationPage> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
  const filter = {
    category: input.category ?? null,
    read: input.read_state === undefined ? null : input.read_state === 'read',
  };
  const total = await countMessages(db, userId, filter);
  const rows = await listMessages(db, userId, filter, pageSize, (page - 1) * pageSize);
  return {
    list: rows.map(toNotification),
    total,
    page,
    page_size: pageSize,
    unread_total: await countUnread(db, userId),
  };
}

export interface ReadInput {
  id?: number | undefined;
  all?: boolean | undefined;
}

/**
 * Marks one message read (only one this merchant can see: any other is not_found, whether it exists or not, so
 * nothing is told about other merchants' messages; one already read stays read), or with `all` every visible
 * unread one in a single statement. Answers the unread count after it.
 */
export async function markRead(db: Db, userId: number, input: ReadInput, now: Date): Promise<{ unread_total: number }> {
  const at = now.toISOString();
  if (input.all !== true && input.id === undefined) throw new InvalidInput('id', 'required');
  // Marks are inserted with "do nothing" on the merchant's key, so parallel marks of the same message never clash.
  return inTransaction(db, async (trx) => {
    if (input.all === true) {
      await insertReadsOfAllVisible(trx, userId, at);
    } else {
      if (!(await isVisibleTo(trx, userId, input.id!))) throw new Refusal('not_found');
      await insertRead(trx, userId, input.id!, at);
    }
    return { unread_total: await countUnread(trx, userId) };
  });
}

export interface NewNotification {
  /** null: to everyone. */
  userId: number | null;
  category: NotificationCategory;
  title: Localized;
  content: RichText;
  createdAt: string;
  /** A seeded message's key: the seed adds each once (the insert does nothing on a key already there). */
  seedKey?: string;
}

/**
 * Stores a message, its body sanitized (the one way rows are written: the seed, the test API). Answers its id, or
 * null when a message with this seed key is already there. Inside the caller's transaction, if any.
 */
export async function addNotification(db: Db, m: NewNotification): Promise<number | null> {
  return insertMessage(db, {
    user_id: m.userId,
    category: m.category,
    title: JSON.stringify(m.title),
    content: JSON.stringify(sanitizeRichText(m.content)),
    created_at: m.createdAt,
    seed_key: m.seedKey ?? null,
  });
}

/** Records that the user has read the message (the seed's and the test API's read messages). */
export async function recordRead(db: Db, userId: number, notificationId: number, at: string): Promise<void> {
  await insertRead(db, userId, notificationId, at);
}

/** "Test notice" in every language (the test API's announcements: a title for any language a test runs in). */
const TEST_NOTICE: Localized = {
  cht: '測試通知',
  de: 'Testmitteilung',
  en: 'Test notice',
  fr: 'Avis de test',
  jp: 'テスト通知',
  kor: '테스트 알림',
  pt: 'Aviso de teste',
  ru: 'Тестовое уведомление',
  spa: 'Aviso de prueba',
  th: 'ประกาศทดสอบ',
  vi: 'Thông báo thử nghiệm',
  zh: '测试通知',
};

/** Adds `count` unread system announcements for the user, in one transaction (the test API's way to fill the bell). */
export async function announce(db: Db, userId: number, count: number, nowIso: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (let i = 1; i <= count; i++) {
      const title = Object.fromEntries(Object.entries(TEST_NOTICE).map(([lang, text]) => [lang, `${text} ${i}`]));
      await addNotification(trx, { userId, category: 'announcement', title, content: {}, createdAt: nowIso });
    }
  });
}
