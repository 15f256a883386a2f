/**
 * The migrated, seeded database every test server and service test starts from: made once per test file (each
 * file runs in a process of its own) and copied for each test, since migrating and seeding cost a hundred times
 * what a copy does. Each copy is a database of its own: nothing a test writes reaches another.
 */
import { migrate, open, openImage, type DB } from '../db/index';
import { seed } from '../seed/seed';

let image: Buffer | undefined;

export function seededDb(): DB {
  if (!image) {
    const db = open(':memory:');
    migrate(db);
    seed(db);
    image = db.serialize();
    db.close();
  }
  return openImage(image);
}
