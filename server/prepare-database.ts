/**
 * What the server does to its database on start: open, migrate, seed. Kept out of db/, because the seed runs
 * services (delivery, levels) that themselves import db/index.ts.
 */
import { migrate, open, type DB } from './db/index';
import { seed } from './seed/seed';

export function prepareDatabase(path: string): DB {
  const db = open(path);
  try {
    migrate(db);
    seed(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
