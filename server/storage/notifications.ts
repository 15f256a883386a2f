/**
 * The inbox's rows: messages (user_id NULL: to everyone) and the read marks each merchant keeps
 * (notification_reads, one row per merchant and message).
 */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from './engine';
import type { Database } from './schema';
import { noteChange } from './changes';

type WithMessages = ExpressionBuilder<Database, 'notifications'>;

/** What a merchant may see: messages to everyone and to them. */
const visibleTo = (userId: number) => (eb: WithMessages) =>
  eb.or([eb('notifications.user_id', '=', userId), eb('notifications.user_id', 'is', null)]);

/** Messages addressed to the merchant, or to everyone, that the merchant has not read. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(visibleTo(userId))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_reads as r')
            .select('r.notification_id')
            .whereRef('r.notification_id', '=', 'notifications.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface MessageFilter {
  category: string | null;
  /** true: read only; false: unread only; null: either. */
  read: boolean | null;
}

export interface MessageRow {
  id: number;
  category: string;
  title: string;
  content: string;
  created_at: string;
  /** The read mark's message id when the merchant has read it, else null. */
  read_id: number | null;
}

/** The merchant's visible messages with their read marks, filtered. */
function filtered(db: Db, userId: number, f: MessageFilter) {
  return db
    .selectFrom('notifications')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'notifications.id').on('r.user_id', '=', userId),
    )
    .where(visibleTo(userId))
    .$if(f.category !== null, (qb) => qb.where('notifications.category', '=', f.category!))
    .$if(f.read === true, (qb) => qb.where('r.notification_id', 'is not', null))
    .$if(f.read === false, (qb) => qb.where('r.notification_id', 'is', null));
}

export async function countMessages(db: Db, userId: number, f: MessageFilter): Promise<number> {
  const row = await filtered(db, userId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A page of the filtered messages, newest first (the id breaks ties). */
export async function listMessages(
  db: Db,
  userId: number,
  f: MessageFilter,
  limit: number,
  offset: number,
): Promise<MessageRow[]> {
  return filtered(db, userId, f)
    .select([
      'notifications.id',
      'notifications.category',
      'notifications.title',
      'notifications.content',
      'notifications.created_at',
      'r.notification_id as read_id',
    ])
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** True when the message exists and the merchant may see it. */
export async function isVisibleTo(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where(visibleTo(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks one message read; one already read keeps its first mark. */
export async function insertRead(db: Db, userId: number, notificationId: number, at: string): Promise<void> {
  await db
    .insertInto('notification_reads')
    .values({ user_id: userId, notification_id: notificationId, read_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
    .execute();
  await noteChange(db, { user: userId, kind: 'notifications' });
}

/** Marks every message the merchant can see read, in one statement (those already read keep their marks). */
export async function insertReadsOfAllVisible(db: Db, userId: number, at: string): Promise<void> {
  await db
    .insertInto('notification_reads')
    .columns(['user_id', 'notification_id', 'read_at'])
    .expression((eb) =>
      eb
        .selectFrom('notifications')
        .where(visibleTo(userId))
        // Typed casts: PostgreSQL cannot infer a bare parameter's type in a SELECT list.
        .select((s) => [
          s.cast<number>(s.val(userId), 'integer').as('user_id'),
          'notifications.id',
          s.cast<string>(s.val(at), 'text').as('read_at'),
        ]),
    )
    .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
    .execute();
  await noteChange(db, { user: userId, kind: 'notifications' });
}

export interface MessageValues {
  user_id: number | null;
  category: string;
  title: string;
  content: string;
  created_at: string;
  seed_key: string | null;
}

/** Stores a message; answers its id, or null when a message with its seed key is already there. */
export async function insertMessage(db: Db, m: MessageValues): Promise<number | null> {
  const row = await db
    .insertInto('notifications')
    .values(m)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await noteChange(db, { user: m.user_id, kind: 'notifications' });
  return row?.id ?? null;
}
