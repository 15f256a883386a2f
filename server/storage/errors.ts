/** What a failed statement means, the same on both engines. */

/** A unique key (or primary key) refused the write: SQLite's constraint codes, PostgreSQL's 23505. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // SQLite names the columns, not the index: "UNIQUE constraint failed: users.username".
    return constraint === undefined || (e.message ?? '').includes(constraint);
  }
  return false;
}

/** A CHECK refused the write (a balance below zero, say): SQLite's code, PostgreSQL's 23514. */
export function isCheckViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK';
}
