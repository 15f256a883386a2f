/**
 * The database the server runs on, chosen at start: PostgreSQL when `DATABASE_URL` is given, else the SQLite file
 * (`DATABASE`, `:memory:` works), migrated before anything uses it.
 */
import { openPostgres, openSqliteFile, sqliteStore, type PostgresOptions, type Store } from './engine';
import { migratePostgres, migrateSqlite } from './migrate';

export type StoreOptions = { url: string; postgres?: Omit<PostgresOptions, 'url'> } | { path: string };

export async function openStore(o: StoreOptions): Promise<Store> {
  if ('url' in o) {
    const store = await openPostgres({ url: o.url, ...o.postgres });
    try {
      await migratePostgres(store.db);
    } catch (err) {
      await store.close();
      throw err;
    }
    return store;
  }
  const raw = openSqliteFile(o.path);
  try {
    migrateSqlite(raw);
  } catch (err) {
    raw.close();
    throw err;
  }
  return sqliteStore(raw);
}
