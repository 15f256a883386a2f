/** The configuration documents (config: key → JSON text) and the customer-service contacts. */
import type { Db } from './engine';
import { isPostgres } from './engine';

/** A config document's stored text; `forUpdate` holds its row until the transaction ends (PostgreSQL). */
export async function findConfigText(
  db: Db,
  key: string,
  o: { forUpdate?: boolean } = {},
): Promise<string | undefined> {
  const row = await db
    .selectFrom('config')
    .select('value')
    .where('key', '=', key)
    .$if(!!o.forUpdate && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row?.value;
}

/** Stores a config document, replacing the one of that key. */
export async function upsertConfigText(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('config')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/**
 * The text stored under `key`, storing `value` there first if nothing is (the first of several processes to ask
 * decides it; the others read what it stored).
 */
export async function configTextOrInsert(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('config')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await findConfigText(db, key))!;
}

export interface ContactRow {
  id: number;
  type: number;
  url: string;
  label: string;
  icon: string | null;
}

/** Contacts of a kind: everyone's (`userId` null) or that merchant's own, in their order. */
export async function listContacts(db: Db, kind: string, userId: number | null): Promise<ContactRow[]> {
  return db
    .selectFrom('contacts')
    .select(['id', 'type', 'url', 'label', 'icon'])
    .where('kind', '=', kind)
    .where('user_id', userId === null ? 'is' : '=', userId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
