/** Expressions written once for both engines. */
import { sql, type RawBuilder } from 'kysely';

/**
 * A column compared without regard to ASCII case (user names, license keys, codes): SQLite declares these
 * COLLATE NOCASE, PostgreSQL indexes lower(column); compare `lower(column)` with a lower-cased value on both, which
 * both engines answer from an index.
 */
export function lowerOf(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}
